// Certificates as PNG bytes, each drawn once per content and kept: a render costs a third of a
// CPU-second, so a pupil pressing "download" in a loop, or a crowd of families when results are
// published, must not turn into renders that starve the pupils still testing. Drawing happens in
// a child process at the lowest priority (./draw-process.ts), one at a time per process, most of
// it ahead of any download (./ahead.ts); what is drawn is kept in the database (./kept.ts),
// shared by every process and machine, and the last few downloads' in memory.
import "server-only";
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { childWork } from "@/lib/background/child";
import { oneAtATime } from "@/lib/http/one-at-a-time";
import { metrics } from "@/lib/metrics.mjs";
import { processWide } from "@/lib/process-state.mjs";
import type { Certificate, PupilCertificate } from "./certificates";
import type { DrawJob } from "./draw-process";
import { claimDrawing, keepInChild, keepPng, type PictureKind, releaseClaim, storedPng } from "./kept";

/** What a certificate's picture depends on: the same version, the same bytes. */
export function certificateVersion(certificate: Certificate): string {
  const { username, fullName, subjectName, grade, issueDate, verifyUrl, locale } = certificate;
  return createHash("sha256")
    .update(JSON.stringify([username, fullName, subjectName, grade, issueDate, verifyUrl, locale]))
    .digest("base64url")
    .slice(0, 16);
}

/**
 * The process's pictures (the shelf's "certificates": one for every bundle that draws): the last
 * 32 MB drawn or read, the drawings in flight, and one drawing at a time (past 8 downloads
 * waiting for one, a caller is told to come back: 503).
 */
const pictures = () =>
  processWide("certificates", () => ({
    recent: new LRUCache<string, Buffer>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (png) => png.byteLength }),
    drawing: new Map<string, Promise<Buffer>>(),
    oneRender: oneAtATime({ maxWaiting: 8 }),
  }));

const drawer = () => childWork<DrawJob, Uint8Array | null>("certificates");
const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Draws this version of the certificate's picture in the child and keeps it (on a database server
 * the child keeps it itself); its bytes, unless drawn `ahead` (./ahead.ts: no one is waiting for
 * them, and thousands must not pass through this process's memory). A drawing that fails lets the
 * claim go at once, for the next ask to draw it.
 */
export async function drawAndKeep(
  certificate: PupilCertificate,
  kind: PictureKind,
  version: string,
  { ahead = false } = {},
): Promise<Buffer | null> {
  const keep = keepInChild(certificate, kind, version);
  try {
    const { output } = await drawer().run({ certificate, preview: kind === "preview", keep, answer: !ahead || keep === null });
    const png = output && bufferOf(output);
    if (!keep && png) await keepPng(certificate, kind, version, png);
    metrics().certificatesDrawn.inc({ why: ahead ? "ahead" : "asked" });
    return ahead ? null : png;
  } catch (error) {
    await releaseClaim(certificate, kind, version).catch(() => {});
    throw error;
  }
}

type Source = {
  /** The kept picture, or null. */
  stored: () => Promise<Buffer | null>;
  /** Before drawing: the picture another process is drawing now, once it has kept it; null to draw it here. */
  drawnElsewhere: () => Promise<Buffer | null>;
  /** Draws it, and keeps it. */
  draw: () => Promise<Buffer>;
};

/** How long a download waits for another process's drawing of its picture before drawing it here. */
const ELSEWHERE_WAIT_MS = 15_000;

/**
 * The picture under `key`: from memory, else kept, else drawn (once however many ask at once: in
 * this process by waiting for the same drawing, in others by its claim) and kept. `beforeDraw` is
 * asked when it must be drawn (it may refuse by throwing).
 */
async function keptOrDrawn(key: string, source: Source, beforeDraw?: () => Promise<void>): Promise<Buffer> {
  const { recent, drawing, oneRender } = pictures();
  const known = recent.get(key);
  if (known) return known;
  let pending = drawing.get(key);
  if (!pending) {
    const stored = await source.stored();
    if (stored) {
      recent.set(key, stored);
      return stored;
    }
    pending = drawing.get(key);
    if (!pending) {
      await beforeDraw?.();
      pending =
        drawing.get(key) ?? (async () => (await source.drawnElsewhere()) ?? oneRender(source.draw))().finally(() => drawing.delete(key));
      drawing.set(key, pending);
    }
  }
  const png = await pending;
  recent.set(key, png);
  return png;
}

/**
 * The certificate's PNG, at print size or as a link preview; drawn at most once per version.
 * `beforeDraw`: counts a caller's renders (a limit throws), asked only when one is drawn for it.
 */
export function certificatePng(
  certificate: PupilCertificate,
  kind: PictureKind,
  { beforeDraw }: { beforeDraw?: () => Promise<void> } = {},
): Promise<Buffer> {
  const version = certificateVersion(certificate);
  return keptOrDrawn(
    `${kind}:${version}`,
    {
      stored: () => storedPng(certificate, kind, version),
      // A download claims the drawing here, or waits for the process that did (its drawing ahead).
      drawnElsewhere: async () => {
        if (await claimDrawing(certificate, kind, version)) return null;
        for (const until = Date.now() + ELSEWHERE_WAIT_MS; Date.now() < until; ) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          const kept = await storedPng(certificate, kind, version);
          if (kept) return kept;
        }
        return null;
      },
      draw: async () => (await drawAndKeep(certificate, kind, version))!,
    },
    beforeDraw,
  );
}

/** The preview of a link that shows no certificate: one picture for every such link (in memory). */
export function notFoundPng(): Promise<Buffer> {
  return keptOrDrawn("preview:not-found", {
    stored: async () => null,
    drawnElsewhere: async () => null,
    draw: async () => bufferOf((await drawer().run({ notFound: true })).output!),
  });
}
