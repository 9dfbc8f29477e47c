import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { requireSignedIn } from "@/lib/identity/page-guards";

// The signed-in shell (the spec's pathless `_auth` layout). Middleware has already redirected
// visitors without a session; this checks again against the database (blocked, reset).
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const { user } = await requireSignedIn();
  return <AppShell user={user}>{children}</AppShell>;
}
