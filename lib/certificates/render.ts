// Certificates as PNG bytes, each drawn once per content and kept: a render costs the better part of
// a second of CPU, so a pupil pressing "download" in a loop, or a crowd finishing together, must
// not turn into renders that starve the test.
import "server-only";
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { oneAtATime } from "@/lib/http/one-at-a-time";
import { messagesOf } from "@/lib/i18n/catalogues";
import { DEFAULT_LOCALE } from "@/shared/i18n/locale.mjs";
import type { Certificate } from "./certificates";
import { certificateImage, notFoundPreview } from "./image";

type Kind = "print" | "preview";

/** What a certificate's picture depends on: the same version, the same bytes. */
export function certificateVersion(certificate: Certificate): string {
  const { username, fullName, subjectName, grade, issueDate, verifyUrl, locale } = certificate;
  return createHash("sha256")
    .update(JSON.stringify([username, fullName, subjectName, grade, issueDate, verifyUrl, locale]))
    .digest("base64url")
    .slice(0, 16);
}

const kept = new LRUCache<string, Buffer>({ maxSize: 96 * 1024 * 1024, sizeCalculation: (png) => png.byteLength });
const drawing = new Map<string, Promise<Buffer>>();

/** One render at a time per process; past 8 waiting, a caller is told to come back. */
const oneRender = oneAtATime({ maxWaiting: 8 });

/** `beforeDraw` is asked first when the picture is neither kept nor being drawn (it may refuse by throwing). */
async function keptOrDrawn(key: string, draw: () => Promise<Buffer>, beforeDraw?: () => Promise<void>): Promise<Buffer> {
  const known = kept.get(key);
  if (known) return known;
  let pending = drawing.get(key);
  if (!pending) {
    await beforeDraw?.();
    pending = drawing.get(key) ?? oneRender(draw).finally(() => drawing.delete(key));
    drawing.set(key, pending);
  }
  const png = await pending;
  kept.set(key, png);
  return png;
}

const bytesOf = async (image: Response | Promise<Response>) => Buffer.from(await (await image).arrayBuffer());

/**
 * The certificate's PNG, at print size or as a link preview; drawn at most once per version.
 * `beforeDraw`: counts a caller's renders (a limit throws), asked only when one is drawn for it.
 */
export function certificatePng(
  certificate: Certificate,
  kind: Kind,
  { beforeDraw }: { beforeDraw?: () => Promise<void> } = {},
): Promise<Buffer> {
  return keptOrDrawn(
    `${kind}:${certificateVersion(certificate)}`,
    () => bytesOf(certificateImage(certificate, { preview: kind === "preview" })),
    beforeDraw,
  );
}

/** The preview of a link that shows no certificate: one picture for every such link. */
export function notFoundPng(): Promise<Buffer> {
  return keptOrDrawn("preview:not-found", () => bytesOf(notFoundPreview(messagesOf(DEFAULT_LOCALE))));
}
