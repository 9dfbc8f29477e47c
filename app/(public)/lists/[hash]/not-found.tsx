// /lists/{hash} with no final list of that hash (or no hash at all): HTTP 404 and the spec's text.
import { FinalListFrame } from "@/components/final-list/final-list-check";
import { Card } from "@/components/ui/card";
import { Result } from "@/components/ui/result";
import { getMessages } from "@/lib/i18n/server";

export default async function FinalListNotFound() {
  const messages = await getMessages();
  return (
    <FinalListFrame>
      <Card size="bare" data-testid="final-list-not-found">
        <Result status="404" title={messages.finalList.notFound} />
      </Card>
    </FinalListFrame>
  );
}
