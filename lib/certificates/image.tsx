// The certificate as a PNG, drawn with next/og (@vercel/og): print size for the download, a
// smaller one for link previews. The fonts are bundled (Noto Sans: Latin with oʻ gʻ ʼ, Latin
// Extended, Cyrillic), and nothing is ever fetched: a child's name does not leave the server.
import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ImageResponse } from "next/og";
import QRCode from "qrcode";
import { messagesOf } from "@/lib/i18n/catalogues";
import { drawable } from "@/shared/certificates/glyphs";
import { localName } from "@/shared/i18n/names";
import type { Messages } from "@/shared/i18n/types";
import type { Certificate } from "./certificates";

/** A4 landscape at 150 dpi: print quality. */
export const PRINT_SIZE = { width: 1754, height: 1240 } as const;
/** What link previews (OpenGraph) expect. */
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

const BLUE = "#1e3a8a";
const GOLD = "#b7791f";

type Font = { name: string; data: Buffer; weight: 400 | 700; style: "normal" };

/**
 * Latin first (the camp's own texts), then the subsets that draw the rest of a name. Each is a
 * family of its own: satori keeps one font per family and weight, and falls back family by family.
 */
const SUBSETS = ["latin", "latin-ext", "cyrillic", "cyrillic-ext"] as const;
const familyOf = (subset: string) => `Noto Sans ${subset}`;
const FONT_FAMILY = SUBSETS.map(familyOf).join(", ");

let fonts: Promise<Font[]> | undefined;

function loadFonts() {
  const dir = path.join(process.cwd(), "lib/certificates/fonts");
  fonts ??= Promise.all(
    SUBSETS.flatMap((subset) =>
      ([400, 700] as const).map(async (weight) => ({
        name: familyOf(subset),
        data: await readFile(path.join(dir, `noto-sans-${subset}-${weight}-normal.woff`)),
        weight,
        style: "normal" as const,
      })),
    ),
  );
  return fonts;
}

/** Long names get smaller type, and wrap within the frame rather than run out of it. */
function nameSize(fullName: string, scale: number): number {
  const base = fullName.length <= 28 ? 96 : fullName.length <= 40 ? 80 : fullName.length <= 56 ? 66 : 56;
  return Math.round(base * scale);
}

/** The full certificate at print size; `preview` lays the same content out for 1200×630. */
/** The certificate in its pupil's interface language (certificate.locale); names as the family typed them. */
export async function certificateImage(certificate: Certificate, { preview = false } = {}): Promise<ImageResponse> {
  const m = messagesOf(certificate.locale);
  const t = m.certificate;
  const { width, height } = preview ? PREVIEW_SIZE : PRINT_SIZE;
  // Registration only takes drawable names; one that is not (older or imported data) prints
  // without what the fonts lack, or as the username when too little is left: never as boxes.
  const printed = drawable(certificate.fullName).replace(/\s+/g, " ").trim();
  const fullName = printed.replace(/[^\p{L}]/gu, "").length >= 3 ? printed : certificate.username;
  const subjectName = drawable(localName(m, certificate.locale, certificate.subjectName));
  // Everything is measured against the print layout and scaled to the height.
  const s = height / PRINT_SIZE.height;
  const qr = await QRCode.toDataURL(certificate.verifyUrl, { errorCorrectionLevel: "M", margin: 1, width: Math.round(300 * s) });
  const px = (n: number) => Math.round(n * s);

  return new ImageResponse(
    <div
      style={{
        width,
        height,
        display: "flex",
        background: "#ffffff",
        padding: px(36),
        fontFamily: FONT_FAMILY,
      }}
    >
      <div
        style={{
          flex: 1,
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          border: `${px(10)}px solid ${BLUE}`,
          borderRadius: px(24),
          padding: `${px(56)}px ${px(80)}px ${px(48)}px`,
          background: "#f8fafc",
        }}
      >
        <div style={{ fontSize: px(34), fontWeight: 700, letterSpacing: px(4), color: BLUE, textTransform: "uppercase" }}>
          {m.app.title}
        </div>
        <div style={{ marginTop: px(28), fontSize: px(120), fontWeight: 700, letterSpacing: px(16), color: GOLD }}>{t.heading}</div>
        <div style={{ marginTop: px(20), fontSize: px(36), color: "#334155" }}>{t.lead}</div>
        <div
          style={{
            marginTop: px(24),
            maxWidth: "100%",
            display: "flex",
            justifyContent: "center",
            textAlign: "center",
            fontSize: nameSize(fullName, s),
            lineHeight: 1.15,
            fontWeight: 700,
            color: "#0f172a",
          }}
        >
          {fullName}
        </div>
        <div style={{ marginTop: px(28), maxWidth: "90%", textAlign: "center", fontSize: px(38), lineHeight: 1.35, color: "#334155" }}>
          {t.participation({ grade: certificate.grade, subject: subjectName })}
        </div>
        <div style={{ flex: 1 }} />
        <div style={{ width: "100%", display: "flex", alignItems: "flex-end", justifyContent: "space-between" }}>
          <div style={{ display: "flex", flexDirection: "column", gap: px(8) }}>
            <div style={{ fontSize: px(28), color: "#64748b" }}>{t.issued}</div>
            <div style={{ fontSize: px(44), fontWeight: 700, color: "#0f172a" }}>{certificate.issueDate}</div>
          </div>
          <div
            style={{
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
              padding: `${px(18)}px ${px(40)}px`,
              border: `${px(6)}px solid #15803d`,
              borderRadius: px(999),
              color: "#15803d",
              fontSize: px(44),
              fontWeight: 700,
              transform: "rotate(-8deg)",
            }}
          >
            {t.verified}
          </div>
          <div style={{ display: "flex", flexDirection: "column", alignItems: "center", gap: px(8) }}>
            {/* eslint-disable-next-line @next/next/no-img-element -- satori draws plain img elements */}
            <img src={qr} width={px(300)} height={px(300)} alt="" />
            <div style={{ fontSize: px(20), color: "#64748b", maxWidth: px(320), textAlign: "center" }}>{t.scan}</div>
          </div>
        </div>
      </div>
    </div>,
    { width, height, fonts: await loadFonts() },
  );
}

/** The preview of a link that shows no certificate: a plain card. */
export function notFoundPreview(m: Messages): ImageResponse {
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        background: BLUE,
        color: "#fff",
        fontSize: 64,
      }}
    >
      {m.certificate.notFound}
    </div>,
    PREVIEW_SIZE,
  );
}
