import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { requireOrganiser } from "@/lib/identity/page-guards";

// The organiser's pages: role Admin only, checked here again after middleware (403 for a pupil).
export default async function OrganiserLayout({ children }: { children: ReactNode }) {
  const { user } = await requireOrganiser();
  return <AppShell user={user}>{children}</AppShell>;
}
