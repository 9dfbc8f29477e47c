// Which failures say the database is away (lib/db/availability.mjs), read off the real driver's
// errors, and the away state: found once, ended by the probe once it answers.
import { createServer } from "node:net";
import postgres from "postgres";
import { describe, expect, it, vi } from "vitest";
import { databaseAway, isUnreachable, noteDatabaseFailure, provideDatabaseProbe } from "@/lib/db/availability.mjs";

/** A port that refuses connections: one that was just free. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe("a database away, told from a statement that failed", () => {
  it("takes postgres.js's own error when no server listens as unreachable", async () => {
    const client = postgres({
      host: "127.0.0.1",
      port: await closedPort(),
      user: "postgres",
      database: "none",
      max: 1,
      onnotice: () => {},
    });
    const error = await client`select 1`.catch((e: unknown) => e);
    await client.end();
    expect(error).toBeInstanceOf(Error);
    expect(isUnreachable(error)).toBe(true);
  });

  it("sees through drizzle's wrapper and Node's AggregateError to the cause", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(isUnreachable(new Error("Failed query: select 1", { cause: refused }))).toBe(true);
    expect(isUnreachable(new AggregateError([refused], "all addresses refused"))).toBe(true);
    const shutDown = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    expect(isUnreachable(new Error("Failed query: insert …", { cause: shutDown }))).toBe(true);
    expect(isUnreachable(Object.assign(new Error("the database system is starting up"), { code: "57P03" }))).toBe(true);
  });

  it("does not take a statement's own failure, or any other error, for an outage", () => {
    const unique = Object.assign(new Error("duplicate key value"), { code: "23505" });
    expect(isUnreachable(new Error("Failed query: insert …", { cause: unique }))).toBe(false);
    expect(isUnreachable(new TypeError("x is undefined"))).toBe(false);
    expect(isUnreachable(null)).toBe(false);
    expect(noteDatabaseFailure(unique)).toBe(false);
    expect(databaseAway()).toBe(false);
  });

  it("is away from the first unreachable failure until the probe answers, however many failures meet it", async () => {
    let answers = false;
    provideDatabaseProbe(async () => {
      if (!answers) throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    });
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(noteDatabaseFailure(refused)).toBe(true);
    expect(noteDatabaseFailure(refused)).toBe(true);
    expect(databaseAway()).toBe(true);
    answers = true;
    await vi.waitFor(() => expect(databaseAway()).toBe(false), { timeout: 10_000 });
  });
});
