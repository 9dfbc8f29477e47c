// The signed-in pupil's certificate as a PNG download, named from first, last and middle names.
import { certificateOfUser } from "@/lib/certificates/certificates";
import { certificateImage } from "@/lib/certificates/image";
import { notFound } from "@/lib/http/errors";
import { handler } from "@/lib/http/handler";
import { certificateFileName } from "@/lib/identity/names";

export const POST = handler({ auth: "pupil" }, async ({ user }) => {
  const certificate = await certificateOfUser(user.id);
  if (!certificate) throw notFound();
  const image = await certificateImage(certificate);
  const name = certificateFileName(certificate);
  return new Response(image.body, {
    headers: {
      "Content-Type": "image/png",
      "Content-Disposition": `attachment; filename="certificate.png"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "private, no-store",
    },
  });
});
