// The preview a shared /cert link shows: the certificate itself, or a plain "not found" card.
import { ImageResponse } from "next/og";
import { certificateImage, PREVIEW_SIZE } from "@/lib/certificates/image";
import { lookUpPublicly } from "@/lib/certificates/public";
import { uz } from "@/lib/i18n/uz";

export const dynamic = "force-dynamic";
export const size = PREVIEW_SIZE;
export const contentType = "image/png";
export const alt = uz.certificate.pageTitle;

export default async function Image({ params }: { params: Promise<{ username: string }> }) {
  const { certificate } = await lookUpPublicly((await params).username);
  if (certificate) return certificateImage(certificate, { preview: true });
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        background: "#1e3a8a",
        color: "#fff",
        fontSize: 64,
      }}
    >
      {uz.certificate.notFound}
    </div>,
    PREVIEW_SIZE,
  );
}
