import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { currentUser } from "@/lib/identity/session";
import { getCurrentUser } from "@/lib/identity/users";

// The signed-in shell (the spec's pathless `_auth` layout). Middleware has already redirected
// visitors without a session; this checks again against the database (blocked, reset).
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const session = await currentUser();
  if (!session) {
    const returnUrl = (await headers()).get("x-return-url") ?? "/";
    redirect(`/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  }
  const user = await getCurrentUser({ userId: session.id });
  return <AppShell user={user}>{children}</AppShell>;
}
