// The audit log as the organiser reads it (/admin/audit, and the API's GET /api/admin/audit): newest
// first, what each act was done to named and linked, its details in words and Tashkent time; the
// recorded details kept beside them.
import "server-only";
import type { SQL } from "drizzle-orm";
import { type AuditLine, linesOf } from "@/lib/audit/details";
import { type AuditLink, type AuditTexts, targetOf } from "@/lib/audit/links";
import { readActions } from "@/lib/audit/log";
import type { AuditAction, AuditTarget } from "@/lib/audit/record";
import { organiserMessagesOf } from "@/lib/i18n/organiser";
import { callLocaleNow, localNameIn } from "@/lib/i18n/server";
import { wordOf } from "@/lib/i18n/words";
import type { Locale } from "@/shared/i18n/locale.mjs";

export type AuditRow = {
  id: number;
  createdAt: string;
  organiser: string;
  action: AuditAction;
  /** The action in words. */
  actionText: string;
  targetType: AuditTarget;
  targetId: number | null;
  target: AuditLink;
  reason: string | null;
  /** As recorded (times in UTC), for a program. */
  details: Record<string, unknown> | null;
  /** As the organiser reads them: names, Tashkent time, only what changed. */
  lines: AuditLine[];
};

/**
 * Newest first, a page at a time, every id named and linked, details in words: in the caller's
 * language (an API call's), or in the page's when a page passes its locale.
 */
export async function listActions(
  { page = 1, lines }: { page?: number; lines?: SQL },
  locale: Locale = callLocaleNow(),
): Promise<{ items: AuditRow[]; total: number }> {
  const messages = organiserMessagesOf(locale);
  const texts: AuditTexts = {
    locale,
    local: localNameIn(locale),
    audit: messages.audit,
    testFields: messages.tests,
    languageNames: messages.questions.languageNames,
  };
  const { actions, names, total } = await readActions({ page, lines });
  return {
    items: actions.map((a) => {
      const row = { targetType: a.targetType, targetId: a.targetId };
      return {
        id: a.id,
        createdAt: a.createdAt.toISOString(),
        organiser: a.organiser,
        action: a.action,
        actionText: wordOf(texts.audit.actions, a.action) ?? a.action,
        ...row,
        target: targetOf(texts, row, names),
        reason: a.reason,
        details: a.details,
        lines: linesOf(texts, a.action, a.targetId, a.details, names),
      };
    }),
    total,
  };
}
