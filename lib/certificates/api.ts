// The certificates calls' handlers: each route file under app/api re-exports its entry, and the
// routes table (lib/api/routes.mjs) declares them.
import "server-only";
import type { ApiHandlers } from "@/lib/api/handler";
import { handler } from "@/lib/api/handler";
import { certificateOfUser, checkAnswer } from "@/lib/certificates/certificates";
import { certificateDownloads } from "@/lib/certificates/check-limit";
import { lookUpCertificate } from "@/lib/certificates/public";
import { certificatePng } from "@/lib/certificates/render";
import { certificateCheckSchema } from "@/lib/certificates/schema";
import { notFound } from "@/lib/http/errors";
import { certificateFileName } from "@/shared/identity/names";

export const certificatesApi = {
  "/api/Certificates/Check": {
    GET: handler({ auth: "public", query: certificateCheckSchema }, async ({ query, clientAddress }) =>
      checkAnswer(await lookUpCertificate(query.username, clientAddress)),
    ),
  },
  // The signed-in pupil's certificate as a PNG download, named from first, last and middle names:
  // drawn once per content and kept (lib/certificates/render), a few downloads a minute per pupil.
  "/api/Certificates/Generate": {
    POST: handler({ auth: "pupil", limit: { limiter: certificateDownloads, per: "user" } }, async ({ user }) => {
      const certificate = await certificateOfUser(user.id);
      if (!certificate) throw notFound();
      const png = await certificatePng(certificate, "print");
      const name = certificateFileName(certificate);
      return new Response(new Uint8Array(png), {
        headers: {
          "Content-Type": "image/png",
          "Content-Disposition": `attachment; filename="certificate.png"; filename*=UTF-8''${encodeURIComponent(name)}`,
          "Cache-Control": "private, no-store",
        },
      });
    }),
  },
} satisfies ApiHandlers;
