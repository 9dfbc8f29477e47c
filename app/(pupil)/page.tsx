import { redirect } from "next/navigation";
import { currentUser } from "@/lib/identity/session";
import { homeOf } from "@/lib/identity/routes";

export default async function Home() {
  const user = await currentUser();
  redirect(homeOf(user?.role ?? 1));
}
