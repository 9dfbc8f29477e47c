import { randomUUID } from "node:crypto";
import { redirect } from "next/navigation";

// Every visit gets its own registration link: never render this at build time.
export const dynamic = "force-dynamic";

export default function NewRegistration() {
  redirect(`/register/${randomUUID()}`);
}
