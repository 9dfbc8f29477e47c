// Certificates as PNG bytes, each drawn once per content and kept: a render costs the better part
// of a CPU-second, so a pupil pressing "download" in a loop, or a crowd of families when results
// are published, must not turn into renders that starve the pupils still testing. Drawing happens
// in a child process at the lowest priority (./draw-process.ts), one at a time per process, most
// of it ahead of any download (./ahead.ts); what is drawn is kept in the database (./kept.ts),
// shared by every process and machine, and the last few in memory.
import "server-only";
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { childWork } from "@/lib/background/child";
import { oneAtATime } from "@/lib/http/one-at-a-time";
import { metrics } from "@/lib/metrics.mjs";
import type { Certificate, PupilCertificate } from "./certificates";
import type { DrawJob } from "./draw-process";
import { claimDrawing, keepPng, type PictureKind, releaseClaim, storedPng } from "./kept";

/** What a certificate's picture depends on: the same version, the same bytes. */
export function certificateVersion(certificate: Certificate): string {
  const { username, fullName, subjectName, grade, issueDate, verifyUrl, locale } = certificate;
  return createHash("sha256")
    .update(JSON.stringify([username, fullName, subjectName, grade, issueDate, verifyUrl, locale]))
    .digest("base64url")
    .slice(0, 16);
}

const recent = new LRUCache<string, Buffer>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (png) => png.byteLength });
const drawing = new Map<string, Promise<Buffer>>();

/** Past 8 downloads waiting for a drawing, a caller is told to come back (503). */
const oneRender = oneAtATime({ maxWaiting: 8 });

async function drawn(job: DrawJob): Promise<Buffer> {
  const { output } = await childWork<DrawJob, Uint8Array>("certificates").run(job);
  return Buffer.from(output.buffer, output.byteOffset, output.byteLength);
}

type Source = {
  /** The kept picture, or null. */
  stored: () => Promise<Buffer | null>;
  /** Before drawing: the picture another process is drawing now, once it has kept it; null to draw it here. */
  drawnElsewhere: () => Promise<Buffer | null>;
  draw: () => Promise<Buffer>;
  /** Keeps what was drawn. */
  keep: (png: Buffer) => Promise<void>;
};

/** How long a download waits for another process's drawing of its picture before drawing it here. */
const ELSEWHERE_WAIT_MS = 15_000;

/**
 * The picture under `key`: from memory, else kept, else drawn (once however many ask at once: in
 * this process by waiting for the same drawing, in others by its claim) and kept. `beforeDraw` is asked when it must be drawn (it may refuse by throwing);
 * `ahead`: drawn ahead (./ahead.ts), left out of memory: thousands no one asked for yet.
 */
async function keptOrDrawn(key: string, source: Source, { beforeDraw, ahead = false }: DrawOptions = {}): Promise<Buffer> {
  const known = recent.get(key);
  if (known) return known;
  let pending = drawing.get(key);
  if (!pending) {
    const stored = await source.stored();
    if (stored) {
      if (!ahead) recent.set(key, stored);
      return stored;
    }
    pending = drawing.get(key);
    if (!pending) {
      await beforeDraw?.();
      pending =
        drawing.get(key) ??
        (async () =>
          (await source.drawnElsewhere()) ??
          oneRender(async () => {
            const png = await source.draw();
            await source.keep(png);
            return png;
          }))().finally(() => drawing.delete(key));
      drawing.set(key, pending);
    }
  }
  const png = await pending;
  if (!ahead) recent.set(key, png);
  return png;
}

type DrawOptions = { beforeDraw?: () => Promise<void>; ahead?: boolean };

/**
 * The certificate's PNG, at print size or as a link preview; drawn at most once per version.
 * `beforeDraw`: counts a caller's renders (a limit throws), asked only when one is drawn for it.
 */
export function certificatePng(certificate: PupilCertificate, kind: PictureKind, options: DrawOptions = {}): Promise<Buffer> {
  const version = certificateVersion(certificate);
  return keptOrDrawn(
    `${kind}:${version}`,
    {
      stored: () => storedPng(certificate, kind, version),
      // The drawing ahead has claimed it already (./ahead.ts); a download claims it here, or waits
      // for the process that did.
      drawnElsewhere: async () => {
        if (options.ahead || (await claimDrawing(certificate, kind, version))) return null;
        for (const until = Date.now() + ELSEWHERE_WAIT_MS; Date.now() < until; ) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          const kept = await storedPng(certificate, kind, version);
          if (kept) return kept;
        }
        return null;
      },
      draw: async () => {
        const png = await drawn({ certificate, preview: kind === "preview" }).catch(async (error: unknown) => {
          // Not drawn (the child died): the claim is let go at once, for the next ask to draw it.
          await releaseClaim(certificate, kind, version).catch(() => {});
          throw error;
        });
        metrics().certificatesDrawn.inc({ why: options.ahead ? "ahead" : "asked" });
        return png;
      },
      keep: (png) => keepPng(certificate, kind, version, png),
    },
    options,
  );
}

/** The preview of a link that shows no certificate: one picture for every such link (in memory). */
export function notFoundPng(): Promise<Buffer> {
  return keptOrDrawn("preview:not-found", {
    stored: async () => null,
    drawnElsewhere: async () => null,
    draw: () => drawn({ notFound: true }),
    keep: async () => {},
  });
}
