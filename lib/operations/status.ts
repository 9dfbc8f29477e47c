// What the public /holat page and the pupils' notice banners show (issue 26): each test of the
// day with its state and closing time, and the notices up now. server/main.mjs serves both before
// admission control from a copy it refreshes every few seconds (STATUS_SECONDS), whatever the
// number of visitors: this is read at most once per copy, per process. Names in every interface
// language, as the page's visitor reads them.
import "server-only";
import { and, eq, gte, lte } from "drizzle-orm";
import { subjects, tests } from "@/db/schema";
import { olympiadSubjectSql } from "@/lib/attempts/counting";
import { db } from "@/lib/db/client";
import { redisState } from "@/lib/http/redis";
import { messagesOf } from "@/lib/i18n/catalogues";
import { currentNotices, type Notice } from "@/lib/incidents/incidents";
import { inSeason } from "@/lib/seasons/period";
import { LOCALES, type Locale } from "@/shared/i18n/locale.mjs";
import { localName } from "@/shared/i18n/names";

/** How long server/main.mjs keeps a copy (and browsers and proxies may: Cache-Control max-age). */
export const STATUS_SECONDS = 5;

/** Tests shown: open now, opening within the next day, or closed within the last 12 hours. */
const AHEAD_MS = 24 * 3_600_000;
const BEHIND_MS = 12 * 3_600_000;

export type TestState = "upcoming" | "open" | "closed";

export type StatusSnapshot = {
  at: string;
  tests: { grade: number; subject: Record<Locale, string>; state: TestState; openedAt: string; closedAt: string }[];
  notices: Notice[];
  /** Whether Redis is there (null: not used, or not connected to yet since start): the acts go through PostgreSQL meanwhile. */
  redis: "up" | "down" | null;
};

function redisNow(): StatusSnapshot["redis"] {
  const state = redisState()?.state;
  return state === "up" || state === "down" ? state : null;
}

export async function statusSnapshot(now = new Date()): Promise<StatusSnapshot> {
  const [rows, notices] = await Promise.all([
    db
      .select({
        grade: subjects.grade,
        name: subjects.name,
        openedAt: tests.openedAt,
        closedAt: tests.closedAt,
      })
      .from(tests)
      .innerJoin(subjects, eq(subjects.id, tests.subjectId))
      .where(
        and(
          olympiadSubjectSql(),
          inSeason(undefined), // the current season's
          lte(tests.openedAt, new Date(now.getTime() + AHEAD_MS)),
          gte(tests.closedAt, new Date(now.getTime() - BEHIND_MS)),
        ),
      ),
    currentNotices(now),
  ]);
  return {
    at: now.toISOString(),
    tests: rows
      .sort((a, b) => a.grade - b.grade || a.name.localeCompare(b.name) || a.openedAt.getTime() - b.openedAt.getTime())
      .map((row) => ({
        grade: row.grade,
        subject: Object.fromEntries(LOCALES.map((locale) => [locale, localName(messagesOf(locale), locale, row.name)])) as Record<
          Locale,
          string
        >,
        state: now < row.openedAt ? "upcoming" : now < row.closedAt ? "open" : "closed",
        openedAt: row.openedAt.toISOString(),
        closedAt: row.closedAt.toISOString(),
      })),
    notices,
    redis: redisNow(),
  };
}
