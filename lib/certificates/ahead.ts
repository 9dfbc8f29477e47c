// Certificates drawn ahead: once a pupil's certificate can exist (an attempt ended), a background
// loop in every process draws it and keeps it (./kept.ts), so that when results are published and
// families press the button together, each download is a read of a kept picture; its link preview
// (the picture a chat app's crawler fetches the moment a family shares /cert/{username}) is drawn
// beside it, so neither is drawn when the crowd comes. It draws one at a
// time, and only while the server is not busy (the front door's admission is not queueing:
// lib/process-state.mjs serverBusy); processes share the work by claiming each picture in the
// database before drawing it. Each pass also discards the kept pictures that no longer show what
// their certificate does (a name fixed, a date set) or whose certificate is gone (a block).
import "server-only";
import { type Job, periodic } from "@/lib/background/periodic";
import { config } from "@/lib/config";
import { logEvent } from "@/lib/log.mjs";
import { certificatesAfter, type PupilCertificate, verifyUrlAt } from "./certificates";
import { claimDrawing, discardPictures, keptVersions, type PictureKind } from "./kept";
import { certificateVersion, drawAndKeep } from "./render";

/** How often the loop looks for work. */
const TICK_MS = 2_000;
/** How often it reads every pupil's certificate to find what to draw and what to discard. */
const PASS_MS = 60_000;

/**
 * The address the pictures drawn ahead name: PUBLIC_URL, where a deployment's QR codes point. (A
 * visitor of a site without it, the demo on a school's network, gets theirs drawn when asked.)
 */
const aheadOrigin = () => config().publicUrl;

export type AheadPass = { certificates: number; discarded: number; toDraw: number };
/** One picture to draw: a certificate's print picture or its link preview. */
export type Drawing = { certificate: PupilCertificate; kind: PictureKind };
/** Every certificate's pictures, each drawn ahead: the print one first (a download waits for it). */
const KINDS: readonly PictureKind[] = ["print", "preview"];

/** Pupils read at a time: each page is a short task (a few ms), and pupils' requests are served between them. */
const PAGE = 200;
/** The largest id an integer column holds: the last page's range runs to it. */
const LAST_ID = 2_147_483_647;

/**
 * Reads every pupil's certificate, a page at a time: discards the kept pictures of another version
 * or of a pupil without one, and answers the pictures (print, preview) not kept at this version,
 * every print picture before any preview.
 */
export async function planAhead(now = new Date()): Promise<{ pass: AheadPass; toDraw: Drawing[] }> {
  const origin = aheadOrigin();
  const versionAt = (c: PupilCertificate, at: string) => certificateVersion({ ...c, verifyUrl: verifyUrlAt(at, c.username) });
  const pass: AheadPass = { certificates: 0, discarded: 0, toDraw: 0 };
  const toDraw = new Map<PictureKind, Drawing[]>(KINDS.map((kind) => [kind, []]));
  for (let after = 0; ; ) {
    const page = await certificatesAfter(after, PAGE, origin, now);
    // The kept rows of the same range of pupils (the last page's range runs to the end).
    const upTo = page.length === PAGE ? page[page.length - 1].userId : LAST_ID;
    const byUser = new Map(page.map((c) => [c.userId, c]));
    const rows = await keptVersions(after, upTo);
    const stale = rows.filter((row) => {
      const certificate = byUser.get(row.userId);
      return !certificate || row.version !== versionAt(certificate, row.origin);
    });
    await discardPictures(stale);
    const discarded = new Set(stale);
    const kept = new Set(rows.filter((row) => row.origin === origin && !discarded.has(row)).map((row) => `${row.kind} ${row.userId}`));
    for (const kind of KINDS) {
      toDraw.get(kind)?.push(...page.filter((c) => !kept.has(`${kind} ${c.userId}`)).map((certificate) => ({ certificate, kind })));
    }
    pass.certificates += page.length;
    pass.discarded += stale.length;
    if (upTo === LAST_ID) break;
    after = upTo;
    await new Promise((resolve) => setImmediate(resolve));
  }
  const all = KINDS.flatMap((kind) => toDraw.get(kind) ?? []);
  pass.toDraw = all.length;
  return { pass, toDraw: all };
}

/** Draws this picture unless another process has claimed it or it is kept; true when drawn here. */
export async function drawAhead({ certificate, kind }: Drawing): Promise<boolean> {
  const version = certificateVersion(certificate);
  if (!(await claimDrawing(certificate, kind, version))) return false;
  await drawAndKeep(certificate, kind, version, { ahead: true });
  return true;
}

/** One whole pass now, whatever the load (the suites and benchmarks): what it found, and how many it drew. */
export async function drawAheadNow(): Promise<AheadPass & { drawn: number }> {
  const { pass, toDraw } = await planAhead();
  let drawn = 0;
  for (const drawing of toDraw) if (await drawAhead(drawing)) drawn++;
  return { ...pass, drawn };
}

/** Starts the loop, once per process (the shelf's "ahead"): work that yields to pupils. */
export function startDrawingAhead(): Job {
  let queue: Drawing[] = [];
  let plannedAt = 0;
  return periodic("ahead", {
    name: "drawing certificates ahead",
    everyMs: TICK_MS,
    onlyWhenIdle: true,
    pass: async (mayGoOn) => {
      if (queue.length === 0 && Date.now() - plannedAt >= PASS_MS) {
        plannedAt = Date.now();
        const planned = await planAhead();
        queue = planned.toDraw;
        if (planned.pass.discarded > 0 || planned.pass.toDraw > 0) logEvent("certificates.ahead", planned.pass);
      }
      while (queue.length > 0 && mayGoOn()) {
        const drawing = queue.shift();
        if (drawing) await drawAhead(drawing);
      }
    },
  });
}

/** Pauses or resumes this process's loop (the benchmarks measure a first drawing with it paused). */
export function pauseDrawingAhead(paused: boolean): void {
  startDrawingAhead().paused = paused;
}
