import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ProfileForm } from "@/components/identity/profile-form";
import { Card } from "@/components/ui/card";
import { getLocale, getMessages } from "@/lib/i18n/server";
import { requireSignedIn } from "@/lib/identity/page-guards";
import { loadReferenceData } from "@/lib/reference/queries";
import { UserRole } from "@/shared/identity/roles";

export async function generateMetadata(): Promise<Metadata> {
  const messages = await getMessages();
  return { title: messages.profile.title };
}

export default async function UpdateProfilePage() {
  const messages = await getMessages();
  const [{ user }, reference] = await Promise.all([requireSignedIn(), loadReferenceData({ locale: await getLocale() })]);
  // The profile is a pupil's registration details; an organiser's account is on the organisers' page.
  if (user.role === UserRole.Admin) redirect("/admin/organisers");
  return (
    <Card className="mx-auto max-w-3xl">
      <h1 className="text-xl font-bold">{messages.profile.title}</h1>
      <p className="mb-5 mt-1 text-sm text-slate-600">{messages.profile.lead}</p>
      <ProfileForm user={user} reference={reference} />
    </Card>
  );
}
