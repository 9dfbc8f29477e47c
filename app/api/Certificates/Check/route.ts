import { checkCertificate } from "@/lib/certificates/certificates";
import { certificateChecks } from "@/lib/certificates/check-limit";
import { handler } from "@/lib/http/handler";
import { certificateCheckSchema } from "@/lib/validation/certificates";

export const GET = handler(
  { auth: "public", limit: { limiter: certificateChecks, per: "address" }, query: certificateCheckSchema },
  ({ query }) => checkCertificate(query.username),
);
