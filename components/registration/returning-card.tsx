// On last season's family page, while the next season takes registrations: the child may take part
// again, registered from here with last year's details and the grade one higher (a new link).
import { randomUUID } from "node:crypto";
import { LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { getMessages } from "@/lib/i18n/server";
import type { Returning } from "@/lib/registration/returning";

export async function ReturningCard({ guid, returning }: { guid: string; returning: Returning }) {
  const words = (await getMessages()).registration.returning;
  return (
    <Card as="section" aria-labelledby="returning" className="mt-4" data-testid="returning">
      <h2 id="returning" className="text-xl font-bold text-slate-900">
        {words.title(returning)}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{words.lead(returning)}</p>
      <LinkButton className="mt-4" href={`/register/${randomUUID()}?from=${guid}`}>
        {words.action(returning)}
      </LinkButton>
    </Card>
  );
}
