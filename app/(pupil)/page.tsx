import { redirect } from "next/navigation";
import { requireSignedIn } from "@/lib/identity/page-guards";
import { homeOf } from "@/shared/identity/routes";

export default async function Home() {
  const { role } = await requireSignedIn();
  redirect(homeOf(role));
}
