import { handler } from "@/lib/api/handler";
import { checkAnswer } from "@/lib/certificates/certificates";
import { lookUpCertificate } from "@/lib/certificates/public";
import { certificateCheckSchema } from "@/lib/validation/certificates";

export const GET = handler({ auth: "public", query: certificateCheckSchema }, async ({ query, clientAddress }) =>
  checkAnswer(await lookUpCertificate(query.username, clientAddress)),
);
