// The pupil's paper on the device before the opening: during check-in the drawn
// paper's questions and choices (never the key) come to the device sealed with AES-256-GCM under a
// key of that paper; `New` answers the key with the attempt, so the first question appears without
// a `Get` and no paper crosses the network in the opening's minute. The key is derived, never
// stored: from the server's secret, the pupil, the test, the bank's content version, the paper's
// language and the paper itself, so a paper drawn again or a bank edited since sealing simply fails
// to open (then `Get`).
import "server-only";
import { createCipheriv, createHmac, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { drawnPapers, tests, users } from "@/db/schema";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import type { StudyLanguage } from "@/shared/attempts/enums";
import { bankContent, type PaperQuestion, paperView } from "./content";
import type { Paper } from "./papers";
import type { AttemptView } from "./taking";

/** What the sealed paper holds: the attempt as `Get` would show it, less what only `New` makes. */
export type PaperContent = { questions: PaperQuestion[]; readingTexts: AttemptView["readingTexts"] };

/** The sealed paper as the device keeps it: base64url of the 12-byte IV and of ciphertext + tag. */
export type SealedPaper = { iv: string; data: string };

/** What `New` adds when the attempt was made from the drawn paper: what opens the device's copy. */
export type PaperOpening = { key: string; testAttemptQuestionIds: number[]; remainingTime: number };

type PaperOf = { userId: number; testId: number; contentVersion: number; language: StudyLanguage; paper: Paper };

/** The paper's AES-256 key (base64url): a function of the paper, so it opens no other. */
export function paperKey({ userId, testId, contentVersion, language, paper }: PaperOf): string {
  return createHmac("sha256", config().authSecret)
    .update(`paper\u0000${userId}\u0000${testId}\u0000${contentVersion}\u0000${language}\u0000${JSON.stringify(paper)}`)
    .digest("base64url");
}

/** Paper: the pupil's drawn paper, sealed; 404 before check-in has drawn it or once it is taken. */
export async function sealedPaper({ userId }: { userId: number }): Promise<SealedPaper> {
  const [row] = await db
    .select({
      paper: drawnPapers.questions,
      language: drawnPapers.language,
      testId: tests.id,
      subjectId: tests.subjectId,
      contentVersion: tests.contentVersion,
    })
    .from(drawnPapers)
    .innerJoin(tests, eq(tests.id, drawnPapers.testId))
    .innerJoin(users, and(eq(users.id, drawnPapers.userId), eq(users.subjectId, tests.subjectId), eq(users.language, drawnPapers.language)))
    .where(and(eq(drawnPapers.userId, userId), eq(tests.stage, 1)));
  if (!row) throw notFound();
  const bank = await bankContent(
    { testId: row.testId, subjectId: row.subjectId, version: row.contentVersion },
    { questionIds: row.paper.map(([id]) => id), choiceIds: row.paper.flatMap(([, choices]) => choices) },
  );
  // A question deleted since the draw: nothing to seal (New draws anew, and the page asks Get).
  if (!row.paper.every(([id, choices]) => bank.questions.has(id) && choices.every((c) => bank.choices.has(c)))) throw notFound();
  const content: PaperContent = paperView(
    bank,
    row.paper.map(([questionId, choiceOrder], index) => ({ questionId, number: index + 1, choiceOrder })),
    row.language,
  );
  const key = Buffer.from(
    paperKey({ userId, testId: row.testId, contentVersion: row.contentVersion, language: row.language, paper: row.paper }),
    "base64url",
  );
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(content), "utf8"), cipher.final(), cipher.getAuthTag()]);
  return { iv: iv.toString("base64url"), data: data.toString("base64url") };
}
