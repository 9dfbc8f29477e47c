import { checkCertificate } from "@/lib/certificates/certificates";
import { certificateChecks } from "@/lib/certificates/check-limit";
import { handler } from "@/lib/http/handler";
import { clientAddress } from "@/lib/http/rate-limit";
import { certificateCheckSchema } from "@/lib/validation/certificates";

export const GET = handler({ query: certificateCheckSchema }, async ({ query, request }) => {
  await certificateChecks.consume(clientAddress(request.headers));
  return checkCertificate(query.username);
});
