// Which season an audit line is of: the season of what it was done to (a test, subject or question
// is its subject's season's; a pupil their subject's; an attempt its test's; a season itself), or
// the season an export names (the payments register's, a district's logins). A line of no season (an
// organiser's account, a notice to every pupil) is shown in every season's audit. The audit's page
// passes it to the log's read (lib/audit/log.ts), which knows no season: seasons record in the audit.
import "server-only";
import { type SQL, sql } from "drizzle-orm";
import { organiserActions } from "@/db/schema";
import { inSeason } from "./period";

/** The season id of an audit line, null for a line of no season. */
const seasonOfLine = (): SQL => sql`case ${organiserActions.targetType}
    when 'season' then ${organiserActions.targetId}
    when 'subject' then (select s.season_id from subjects s where s.id = ${organiserActions.targetId})
    when 'test' then (select s.season_id from subjects s join tests t on t.subject_id = s.id where t.id = ${organiserActions.targetId})
    when 'question' then (select s.season_id from questions q join subjects s on s.id = q.subject_id where q.id = ${organiserActions.targetId})
    when 'pupil' then (select s.season_id from users u join subjects s on s.id = u.subject_id where u.id = ${organiserActions.targetId})
    when 'attempt' then (select s.season_id from attempts a join subjects s on s.id = (select t.subject_id from tests t where t.id = a.test_id)
                          where a.id = ${organiserActions.targetId})
    else (select se.id from seasons se where se.year::text = ${organiserActions.details}::jsonb->>'season')
  end`;

/** The lines of one season's audit (undefined: the current season's), and those of no season. */
export const auditInSeason = (seasonId: number | undefined): SQL => sql`coalesce(${inSeason(seasonId, seasonOfLine())}, true)`;
