import type { ReactNode } from "react";
import { forbidden, redirect } from "next/navigation";
import { AppShell } from "@/components/shell/app-shell";
import { UserRole } from "@/lib/identity/roles";
import { currentUser } from "@/lib/identity/session";
import { getCurrentUser } from "@/lib/identity/users";

// The organiser's pages: role Admin only, checked here again after middleware.
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const session = await currentUser();
  if (!session) redirect("/login?returnUrl=%2Fadmin");
  if (session.role !== UserRole.Admin) forbidden();
  return <AppShell user={await getCurrentUser({ userId: session.id })}>{children}</AppShell>;
}
