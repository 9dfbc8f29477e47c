// What forbidden() renders, with status 403: a signed-in user on a page of another role.
import { Forbidden } from "@/components/ui/forbidden";

export default function ForbiddenPage() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl items-center justify-center">
      <Forbidden />
    </main>
  );
}
