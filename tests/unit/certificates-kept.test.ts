// Certificates drawn ahead and kept (lib/certificates/ahead.ts, kept.ts, render.ts): the print
// picture and the link preview, drawn in the certificates' child process, never in this one; kept in the database with the version of what
// they show, so a download after the drawing ahead draws nothing, a change to what a certificate
// shows (a name fixed, a block) discards the kept one, and one that does not (a regrade: the
// certificate shows no score or place) keeps it.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { certificatePictures } from "@/db/schema";
import { regrade } from "@/lib/appeals/rescoring";
import { childWork } from "@/lib/background/child";
import { drawAhead, planAhead } from "@/lib/certificates/ahead";
import { certificateOfUser } from "@/lib/certificates/certificates";
import { claimDrawing, keepPng, type PictureKind, storedPng } from "@/lib/certificates/kept";
import { certificatePng, certificateVersion } from "@/lib/certificates/render";
import { db } from "@/lib/db/client";
import { renamePupil, setPupilBlocked } from "@/lib/pupils/acts";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { setUpDatabase } from "../support/database";
import { organiserId } from "../support/organiser";
import { taken } from "../support/taken";

setUpDatabase();

const drawer = () => childWork("certificates");

/**
 * The drawing ahead of these pupils' certificates, as a pass draws them (on PostgreSQL the suites
 * share one database: a whole pass would draw every other suite's pupils too).
 */
async function drawnAhead(userIds: number[]) {
  const { toDraw } = await planAhead();
  const ours = toDraw.filter((d) => userIds.includes(d.certificate.userId));
  for (const d of ours) expect(await drawAhead(d)).toBe(true);
  return ours;
}

/** The pictures a pass would draw of this pupil: its kinds. */
const toDrawOf = (pass: Awaited<ReturnType<typeof planAhead>>, userId: number) =>
  pass.toDraw.filter((d) => d.certificate.userId === userId).map((d) => d.kind);

/** A test taken by three pupils (one question per difficulty), each with a certificate. */
async function finished() {
  const o = await createTestOlympiad({ counts: { easy: 1, medium: 1, hard: 1 }, bankPerDifficulty: 1 });
  const pupils = await taken(o, [
    [true, true, false],
    [true, false, true],
    [false, false, false],
  ]);
  const certificates = await Promise.all(pupils.map(async (p) => (await certificateOfUser(p.userId))!));
  return { o, pupils, certificates };
}

const keptRow = (userId: number, kind: PictureKind = "print") =>
  db
    .select({ version: certificatePictures.version, drawn: certificatePictures.drawnAt })
    .from(certificatePictures)
    .where(and(eq(certificatePictures.userId, userId), eq(certificatePictures.kind, kind)));

describe("certificates drawn ahead", () => {
  it("are drawn in the child process, print picture and link preview, kept, and a download or a crawler afterwards draws nothing", async () => {
    const { certificates } = await finished();
    const drawn = await drawnAhead(certificates.map((c) => c.userId));
    // Every print picture before any preview: a download waits for the print one.
    expect(drawn.map((d) => d.kind)).toEqual([...certificates.map(() => "print"), ...certificates.map(() => "preview")]);
    // Drawn elsewhere: the child is another process.
    expect(drawer().pid).toBeDefined();
    expect(drawer().pid).not.toBe(process.pid);
    for (const c of certificates) {
      expect(await storedPng(c, "print", certificateVersion(c))).not.toBeNull();
      expect(await storedPng(c, "preview", certificateVersion(c))).not.toBeNull();
    }

    const answered = drawer().answered;
    const asked: number[] = [];
    const png = await certificatePng(certificates[0], "print", { beforeDraw: async () => void asked.push(1) });
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    // The preview a chat app's crawler fetches: kept, no render counted against its address.
    const preview = await certificatePng(certificates[0], "preview", { beforeDraw: async () => void asked.push(2) });
    expect(preview.subarray(1, 4).toString()).toBe("PNG");
    expect(preview.equals(png)).toBe(false);
    expect(drawer().answered).toBe(answered);
    expect(asked).toEqual([]);
    // A second pass finds nothing of theirs to draw.
    const again = await planAhead();
    expect(toDrawOf(again, certificates[0].userId)).toEqual([]);
  }, 120_000); // six pictures drawn in the child: on a busy machine more than the default 30 s

  it("a download before the drawing draws once, however many ask at once", async () => {
    const { certificates } = await finished();
    const c = certificates[1];
    const answered = drawer().answered;
    const pictures = await Promise.all(Array.from({ length: 6 }, () => certificatePng(c, "print")));
    expect(drawer().answered).toBe(answered + 1);
    expect(new Set(pictures.map((p) => p.toString("base64"))).size).toBe(1);
    // Kept: the drawing ahead leaves it be (and draws its preview only).
    expect(toDrawOf(await planAhead(), c.userId)).toEqual(["preview"]);
  });

  it("a download whose picture another process is drawing waits for that drawing rather than drawing it again", async () => {
    const { certificates } = await finished();
    const c = certificates[0];
    const version = certificateVersion(c);
    // Another process (an instance's drawing ahead) claims it…
    expect(await claimDrawing(c, "print", version)).toBe(true);
    const answered = drawer().answered;
    const download = certificatePng(c, "print");
    // …and keeps its drawing while the download waits.
    const theirs = Buffer.from("\x89PNG drawn by another process");
    await keepPng(c, "print", version, theirs);
    expect((await download).equals(theirs)).toBe(true);
    expect(drawer().answered).toBe(answered);
  });

  it("are claimed by one process at a time: a second claim of the same version is refused", async () => {
    const { certificates } = await finished();
    const c = certificates[2];
    const version = certificateVersion(c);
    expect(await claimDrawing(c, "print", version)).toBe(true);
    expect(await claimDrawing(c, "print", version)).toBe(false);
    // Another version (a name fixed meanwhile) may be claimed at once.
    expect(await claimDrawing({ ...c, fullName: "Boshqa Ism" }, "print", certificateVersion({ ...c, fullName: "Boshqa Ism" }))).toBe(true);
  });
});

describe("the drawing's child process killed mid-drawing", () => {
  it("fails that download loudly and keeps nothing; the next download starts a new child and draws it", async () => {
    const { certificates } = await finished();
    const c = certificates[0];
    const download = certificatePng(c, "print");
    // Wait for the job to reach the child, then kill it.
    while (drawer().inHand === 0) await new Promise((resolve) => setImmediate(resolve));
    const killed = drawer().pid!;
    process.kill(killed, "SIGKILL");
    await expect(download).rejects.toThrow(/child process ended/);
    expect(await storedPng(c, "print", certificateVersion(c))).toBeNull();
    const png = await certificatePng(c, "print");
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(drawer().pid).not.toBe(killed);
    expect(await storedPng(c, "print", certificateVersion(c))).not.toBeNull();
  });
});

describe("renders counted (a link preview's drawing limit)", () => {
  it("asks beforeDraw only for a picture not drawn yet; a refusal draws nothing and keeps nothing", async () => {
    const { certificates } = await finished();
    const asked: string[] = [];
    const counting = (who: string) => ({
      beforeDraw: async () => {
        asked.push(who);
      },
    });
    const refusing = {
      beforeDraw: async () => {
        throw new Error("limit");
      },
    };
    const first = certificates[0];
    await expect(certificatePng(first, "preview", refusing)).rejects.toThrow("limit");
    expect(await storedPng(first, "preview", certificateVersion(first))).toBeNull();
    const drawn = await certificatePng(first, "preview", counting("a"));
    // The same version again, by anyone: the kept bytes, nothing counted.
    expect((await certificatePng(first, "preview", counting("b"))).equals(drawn)).toBe(true);
    expect(asked).toEqual(["a"]);
    // Another version (a corrected name) is another render, counted again.
    await certificatePng({ ...first, fullName: "Sinova Refusal" }, "preview", counting("c"));
    expect(asked).toEqual(["a", "c"]);
  });
});

describe("a kept certificate", () => {
  it("is discarded by a block, and by a name fixed (drawn again with the new name)", async () => {
    const { pupils, certificates } = await finished();
    const organiser = await organiserId();
    await drawnAhead(pupils.map((p) => p.userId));
    const [blocked, renamed] = [pupils[0], pupils[1]];
    expect(await keptRow(blocked.userId)).toHaveLength(1);

    await setPupilBlocked({ organiserId: organiser, userId: blocked.userId, reason: "Ko'chirgan", blocked: true });
    await renamePupil({
      organiserId: organiser,
      userId: renamed.userId,
      reason: "Ism xato",
      names: { firstName: "Tuzatilgan", lastName: "Ism" },
    });
    expect(await certificateOfUser(blocked.userId)).toBeNull();
    const newName = (await certificateOfUser(renamed.userId))!;
    // Never served: the kept picture is of another version than the certificate now has.
    expect(await storedPng(newName, "print", certificateVersion(newName))).toBeNull();

    const pass = await planAhead();
    // Both pictures of each: the print one and the preview.
    expect(pass.pass.discarded).toBeGreaterThanOrEqual(4);
    expect(await keptRow(blocked.userId)).toEqual([]);
    expect(await keptRow(renamed.userId)).toEqual([]);
    expect(await keptRow(renamed.userId, "preview")).toEqual([]);
    expect(toDrawOf(pass, renamed.userId)).toEqual(["print", "preview"]);
    expect(toDrawOf(pass, blocked.userId)).toEqual([]);
    await drawnAhead([renamed.userId]);
    expect(await keptRow(renamed.userId)).toEqual([{ version: certificateVersion(newName), drawn: expect.any(Date) }]);
    expect(await keptRow(renamed.userId, "preview")).toEqual([{ version: certificateVersion(newName), drawn: expect.any(Date) }]);
    expect(certificates[1].fullName).not.toBe(newName.fullName);
  });

  it("is kept through a regrade (the certificate shows no score or place)", async () => {
    const { o, pupils } = await finished();
    await drawnAhead(pupils.map((p) => p.userId));
    const before = await keptRow(pupils[0].userId);
    const hard = pupils[0].drawn[2];
    const report = await regrade({
      organiserId: await organiserId(),
      testId: o.testId,
      input: { questionId: hard.questionId, action: "key", correctChoiceId: hard.wrong[0], dryRun: false, reason: "Kalit xato edi" },
    });
    expect(report.changes.length).toBeGreaterThan(0);
    const pass = await planAhead();
    expect(toDrawOf(pass, pupils[0].userId)).toEqual([]);
    expect(await keptRow(pupils[0].userId)).toEqual(before);
  });
});
