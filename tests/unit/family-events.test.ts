// The family events outbox against a local stand-in of the chat-bot's webhook that refuses, times
// out, answers garbage and then accepts: nothing is lost or counted delivered before the bot
// acknowledges it, each retry waits longer, every family hears its events in order, each is
// signed with the bot's secret, and a bot that pulls reads them after its cursor.
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { familyEvents } from "@/db/schema";
import { db } from "@/lib/db/client";
import { eventsAfter } from "@/lib/family-events/cursor";
import { deliverFamilyEvents } from "@/lib/family-events/deliver";
import { recordFamilyEvents } from "@/lib/family-events/outbox";
import { setUpDatabase } from "../support/database";
import { createPupil } from "../support/pupils";

setUpDatabase();

const SECRET = "stand-in-bot-secret-0123456789abcdef";
type Mode = "timeout" | "garbage" | "accept";
let mode: Mode = "accept";
const received: { id: number; guid: string; kind: string; signed: boolean }[] = [];
let server: Server;
let url = "";

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      if (mode === "timeout") return; // never answers
      if (mode === "garbage") return void response.writeHead(200, { "content-type": "text/html" }).end("<html>502 Bad Gateway</html>");
      const event = JSON.parse(body);
      const signed = request.headers["x-olimpiada-signature"] === `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`;
      received.push({ id: event.id, guid: event.guid, kind: event.kind, signed });
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ received: event.id }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const SECOND = 1000;

describe("the family events outbox", () => {
  it("is delivered only once acknowledged, retried with back-off through a refusal, a timeout and garbage, in order per family, signed", async () => {
    // Other suites write events to the same database meanwhile: only these pupils' are looked at.
    const [a, b] = [await createPupil({}), await createPupil({})];
    const key = (n: string) => `${a.guid}:${n}`;
    await recordFamilyEvents(db, [
      { to: { userId: a.userId }, kind: "list.selected", key: key("a1"), data: { n: 1 } },
      { to: { userId: a.userId }, kind: "invitation.sent", key: key("a2"), data: { n: 2 } },
      { to: { userId: b.userId }, kind: "list.notSelected", key: key("b1"), data: { n: 1 } },
      { to: { userId: a.userId }, kind: "invitation.expiring", key: key("a3"), data: { n: 3 } },
    ]);
    // Written once: the same key again is nothing.
    await recordFamilyEvents(db, [{ to: { userId: a.userId }, kind: "list.selected", key: key("a1"), data: { n: 1 } }]);
    const ours = await db
      .select()
      .from(familyEvents)
      .where(inArray(familyEvents.guid, [a.guid, b.guid]))
      .orderBy(familyEvents.id);
    expect(ours).toHaveLength(4);
    const mine = new Set(ours.map((e) => e.id));
    const start = new Date(Date.now() + 60 * SECOND);
    const at = (seconds: number) => new Date(start.getTime() + seconds * SECOND);
    const send = async (now: Date, to = url) =>
      (await deliverFamilyEvents({ url: to, secret: SECRET, now, timeoutMs: 300 })).filter((r) => mine.has(r.id));

    // Nobody listening: refused; each family's first event tried, none delivered.
    const closed = `http://127.0.0.1:${(server.address() as AddressInfo).port + 1}/hook`;
    const refused = await send(at(0), closed);
    expect(refused.map((r) => r.error?.startsWith("not sent"))).toEqual([true, true]);
    // Not due again until its back-off has passed.
    expect(await send(at(5))).toEqual([]);
    mode = "timeout";
    expect((await send(at(11))).every((r) => r.error?.startsWith("not sent"))).toBe(true);
    mode = "garbage";
    expect((await send(at(32))).every((r) => r.error?.startsWith("not acknowledged"))).toBe(true);
    const waiting = await db
      .select()
      .from(familyEvents)
      .where(inArray(familyEvents.guid, [a.guid, b.guid]))
      .orderBy(familyEvents.id);
    expect(waiting.map((e) => [e.tries, e.deliveredAt])).toEqual([
      [3, null],
      [0, null],
      [3, null],
      [0, null],
    ]);
    expect(received.filter((r) => mine.has(r.id))).toEqual([]);

    mode = "accept";
    const sent = await send(at(200));
    expect(sent.every((r) => r.error === null)).toBe(true);
    expect(sent).toHaveLength(4);
    expect(received.filter((r) => mine.has(r.id)).every((r) => r.signed)).toBe(true);
    // Each family's events in the order they happened.
    expect(received.filter((r) => r.guid === a.guid).map((r) => r.kind)).toEqual([
      "list.selected",
      "invitation.sent",
      "invitation.expiring",
    ]);
    expect((await db.select().from(familyEvents).where(eq(familyEvents.guid, b.guid)))[0].deliveredAt).not.toBeNull();
    // Delivered: never sent again.
    expect(await send(at(10_000))).toEqual([]);
  });

  it("is read by a pulling bot after its cursor, in order, the cursor acknowledging what it has read", async () => {
    const pupil = await createPupil({});
    await recordFamilyEvents(db, [
      { to: { userId: pupil.userId }, kind: "list.selected", key: `${pupil.guid}:1`, data: {} },
      { to: { userId: pupil.userId }, kind: "invitation.sent", key: `${pupil.guid}:2`, data: { deadlineAt: "2027-06-23T05:00:00.000Z" } },
    ]);
    const mine = await db.select().from(familyEvents).where(eq(familyEvents.guid, pupil.guid)).orderBy(familyEvents.id);
    // The position just before this pupil's first event: its events after it, in order, once every
    // transaction before theirs has settled (another suite's may still be open on a shared database).
    const before = `${mine[0].tx}-${mine[0].id - 1}`;
    const read = () => eventsAfter({ after: before, limit: 500 });
    await expect
      .poll(async () => (await read()).events.filter((e) => e.guid === pupil.guid).map((e) => e.kind))
      .toEqual(["list.selected", "invitation.sent"]);
    const first = await read();
    const theirs = first.events.filter((e) => e.guid === pupil.guid);
    // Reading on from the first of them acknowledges it, not the second.
    await eventsAfter({ after: `${mine[0].tx}-${theirs[0].id}`, limit: 1 });
    const rows = await db.select().from(familyEvents).where(eq(familyEvents.guid, pupil.guid)).orderBy(familyEvents.id);
    expect(rows.map((r) => r.deliveredAt !== null)).toEqual([true, false]);
  });

  it("never skips an event whose transaction commits after a later event's", async () => {
    const [early, late] = [await createPupil({}), await createPupil({})];
    // The early event's transaction stays open while a later one commits.
    let commit: () => void = () => {};
    const held = new Promise<void>((resolve) => (commit = resolve));
    let written: () => void = () => {};
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const open = db.transaction(async (tx) => {
      await recordFamilyEvents(tx, [{ to: { userId: early.userId }, kind: "list.selected", key: `${early.guid}:late-commit`, data: {} }]);
      written();
      await held;
    });
    await wrote;
    const laterWrite = recordFamilyEvents(db, [
      { to: { userId: late.userId }, kind: "list.selected", key: `${late.guid}:early-commit`, data: {} },
    ]);
    if (process.env.DATABASE_URL) {
      // PostgreSQL: the later one commits first. While the early one is open the later one is not
      // read either: a cursor past it would skip the early one.
      await laterWrite;
      const [later] = await db.select().from(familyEvents).where(eq(familyEvents.guid, late.guid));
      const during = await eventsAfter({ after: `${later.tx}-${later.id - 1}`, limit: 500 });
      expect(during.events.map((e) => e.guid)).not.toContain(late.guid);
      commit();
    } else {
      // The embedded database has one connection: the later write waits for the early one's commit.
      commit();
      await laterWrite;
    }
    await open;
    const [first] = await db.select().from(familyEvents).where(eq(familyEvents.guid, early.guid));
    const from = `${first.tx}-${first.id - 1}`;
    await expect
      .poll(async () =>
        (await eventsAfter({ after: from, limit: 500 })).events.map((e) => e.guid).filter((g) => g === early.guid || g === late.guid),
      )
      .toEqual([early.guid, late.guid]);
  });
});
