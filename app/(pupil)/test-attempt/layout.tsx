import type { ReactNode } from "react";
import { requirePupil } from "@/lib/identity/page-guards";

// The test pages are for pupils (role Default) only: anyone else gets the 403 page.
export default async function PupilOnlyLayout({ children }: { children: ReactNode }) {
  await requirePupil();
  return children;
}
