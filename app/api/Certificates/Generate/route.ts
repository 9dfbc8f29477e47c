// The signed-in pupil's certificate as a PNG download, named from first, last and middle names:
// drawn once per content and kept (lib/certificates/render), a few downloads a minute per pupil.

import { handler } from "@/lib/api/handler";
import { certificateOfUser } from "@/lib/certificates/certificates";
import { certificateDownloads } from "@/lib/certificates/check-limit";
import { certificatePng } from "@/lib/certificates/render";
import { notFound } from "@/lib/http/errors";
import { certificateFileName } from "@/shared/identity/names";

export const POST = handler({ auth: "pupil", limit: { limiter: certificateDownloads, per: "user" } }, async ({ user }) => {
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
});
