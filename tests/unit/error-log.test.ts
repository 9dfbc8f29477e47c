// A failed statement's log line: the database's code, the constraint and the first line of its
// message, never the SQL nor its parameters (a pupil's name and phone would follow it).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { errorResponse } from "@/lib/api/handler";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log.mjs";
import { setUpDatabase } from "../support/database";

// This file's own log (Vitest runs each file in a process of its own, and the logger starts on first use).
const logFile = path.join(mkdtempSync(path.join(tmpdir(), "olimpiada-log-")), "app.log");
process.env.LOG_FILE = logFile;
process.env.LOG_LEVEL = "info";

setUpDatabase();

describe("a failed statement in the log", () => {
  it("says the code, the constraint and the first line; never the pupil's name, phone or the SQL", async () => {
    const failure = await db
      .insert(users)
      .values({ firstName: "Nodira", lastName: "Karimova", phoneNumber: "901234567", locale: "xx" as never })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).toContain("901234567"); // what drizzle's own message carries

    expect((await errorResponse(failure)).status).toBe(500);
    await new Promise<void>((resolve, reject) => log().flush((error?: Error) => (error ? reject(error) : resolve())));
    const line = readFileSync(logFile, "utf8")
      .split("\n")
      .find((text) => text.includes("unhandled error in route handler"));
    expect(line).toBeDefined();
    const { err } = JSON.parse(line as string);
    expect(err).toMatch(/^database error 23514 \(users_locale_valid\): /);
    for (const leak of ["Nodira", "Karimova", "901234567", "insert into", "params"]) expect(line).not.toContain(leak);
  });
});
