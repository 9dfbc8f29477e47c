import { forbidden } from "next/navigation";
import type { ReactNode } from "react";
import { UserRole } from "@/lib/identity/roles";
import { currentUser } from "@/lib/identity/session";

// The test pages are for pupils (role Default) only: anyone else gets the 403 page.
export default async function PupilOnlyLayout({ children }: { children: ReactNode }) {
  const user = await currentUser();
  if (user?.role !== UserRole.Default) forbidden();
  return children;
}
