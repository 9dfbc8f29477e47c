// The kept public pages (lib/kept-pages.mjs) and what drops them: the database's triggers
// (db/migrations/0034_kept_pages.sql) tell a change of what a kept page shows, and only that, when
// its transaction commits; a copy is kept only from a render during which none of its own was
// dropped, and holds until its end.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseHandle, db } from "@/lib/db/client";
import { KEPT_CHANNEL } from "@/lib/kept/changes";
import { dropKept, keepPage, keptGeneration, keptPage, markKeepable, setHearing } from "@/lib/kept-pages.mjs";
import { createTestOlympiad } from "@/lib/testing/olympiad";
import { setUpDatabase } from "../support/database";
import { taken } from "../support/taken";

setUpDatabase();

/** Every payload heard on the channel, in order. */
const heard: string[] = [];
beforeAll(async () => {
  await databaseHandle().listen(KEPT_CHANNEL, (payload) => heard.push(payload));
});

/** What the channel told of `tags` while `change` ran and committed (a word of our own after it marks the end). */
async function toldOf(tags: string[], change: () => Promise<unknown>): Promise<string[]> {
  const from = heard.length;
  await change();
  const end = `end:${randomUUID()}`;
  await db.execute(sql`select pg_notify(${KEPT_CHANNEL}, ${end})`);
  await expect.poll(() => heard.includes(end), { message: "the channel's own word back" }).toBe(true);
  return heard
    .slice(from, heard.indexOf(end))
    .flatMap((payload) => payload.split(" "))
    .filter((tag) => tags.includes(tag));
}

describe("what the database tells", () => {
  it("a pupil's name, block or attempt, a test, its subject: told; a sign-in, a score, a name set to itself, a rollback: not", async () => {
    const o = await createTestOlympiad({ counts: { easy: 1, medium: 1, hard: 1 }, bankPerDifficulty: 1 });
    const [pupil] = await taken(o, [[true, false, true]]);
    const user = `user:${pupil.userId}`;
    const test = `test:${o.testId}`;
    const tags = [user, test, "all"];
    const told = (change: () => Promise<unknown>) => toldOf(tags, change).then((t) => t.filter((tag) => tag !== "all"));
    // The finish's word heard first (the test's attempt ended): what follows is each change's own.
    await told(async () => {});

    expect(await told(() => db.execute(sql`update users set last_sign_in_at = now() where id = ${pupil.userId}`))).toEqual([]);
    expect(await told(() => db.execute(sql`update users set first_name = first_name where id = ${pupil.userId}`))).toEqual([]);
    expect(
      await told(() =>
        db.execute(sql`update attempts set easy_score_tenths = coalesce(easy_score_tenths, 0) + 1 where user_id = ${pupil.userId}`),
      ),
    ).toEqual([]);
    expect(await told(() => db.execute(sql`update users set first_name = 'Yangi' where id = ${pupil.userId}`))).toEqual([user]);
    expect(await told(() => db.execute(sql`update users set blocked_at = now() where id = ${pupil.userId}`))).toEqual([user]);
    expect(await told(() => db.execute(sql`update attempts set voided_at = now() where user_id = ${pupil.userId}`))).toEqual([user]);
    expect(await told(() => db.execute(sql`update tests set results_at = now() where id = ${o.testId}`))).toEqual([test]);
    expect(await told(() => db.execute(sql`update subjects set name = name || ' ' where id = ${o.subjectId}`))).toEqual([test]);
    // A transaction rolled back tells nothing.
    expect(
      await told(() =>
        db
          .transaction(async (tx) => {
            await tx.execute(sql`update users set last_name = 'Boshqa' where id = ${pupil.userId}`);
            throw new Error("rolled back");
          })
          .catch(() => null),
      ),
    ).toEqual([]);
  });
});

describe("a kept copy", () => {
  const page = { status: 200, headers: { "content-type": "text/html" }, body: "<p>x</p>", nonce: null };

  it("is kept only from a render during which none of its own was dropped, and is dropped by its own", () => {
    setHearing(true);
    const key = `uz host /cert/${randomUUID()}`;
    const render = (tags: string[], during: () => void = () => {}) => {
      const id = randomUUID();
      const generation = keptGeneration();
      markKeepable(id, { tags, until: null });
      during();
      return keepPage(key, id, generation, page);
    };
    // Another pupil's change during the render: kept.
    expect(render(["user:1"], () => dropKept(["user:2"]))).toBe(true);
    expect(keptPage(key)?.body).toBe(page.body);
    dropKept(["user:2"]);
    expect(keptPage(key)).not.toBeNull();
    dropKept(["user:1"]);
    expect(keptPage(key)).toBeNull();
    // Its own change, or "all", during the render: not kept.
    expect(render(["user:1"], () => dropKept(["user:1"]))).toBe(false);
    expect(render(["user:1"], () => dropKept(["all"]))).toBe(false);
    expect(keptPage(key)).toBeNull();
    // A render nobody asked to keep is not kept.
    expect(keepPage(key, randomUUID(), keptGeneration(), page)).toBe(false);
  });

  it("holds until its end, and nothing is kept while the process does not hear the changes", () => {
    setHearing(true);
    const key = `uz host /lists/${randomUUID()}`;
    const id = randomUUID();
    markKeepable(id, { tags: [], until: Date.now() - 1 });
    expect(keepPage(key, id, keptGeneration(), page)).toBe(false);
    const soon = randomUUID();
    markKeepable(soon, { tags: [], until: Date.now() + 60_000 });
    expect(keepPage(key, soon, keptGeneration(), page)).toBe(true);
    setHearing(false);
    expect(keptPage(key)).toBeNull();
    const deaf = randomUUID();
    markKeepable(deaf, { tags: [], until: null });
    expect(keepPage(key, deaf, keptGeneration(), page)).toBe(false);
    setHearing(true);
  });
});
