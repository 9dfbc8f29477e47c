import type { ReactNode } from "react";
import { Forbidden } from "@/components/ui/forbidden";
import { UserRole } from "@/lib/identity/roles";
import { currentUser } from "@/lib/identity/session";

// The test pages are for pupils (role Default) only.
export default async function PupilOnlyLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  if (user?.role !== UserRole.Default) return <Forbidden />;
  return children;
}
