// The backup procedure, done (docs/deployment.md, "Backups", issue 26): `npm run db:restore-drill`
// on a cluster of its own takes a base backup, lets the real app write answers, notes a moment,
// writes more and restores to that moment; every answer acknowledged before it is there, none
// after. PostgreSQL runs only (its programs are PostgreSQL's; the embedded database has no WAL
// archive).
import { expect, test } from "../support/fixtures";
import { runScript } from "../support/scripts";

test("the restore drill: a base backup and the archived WAL bring back every acknowledged answer up to the moment, none after", async () => {
  test.setTimeout(240_000);
  const output = await runScript(["scripts/restore-drill.mjs", "--pupils", "10", "--answers", "4"]);
  expect(output.text).toMatch(/^base backup: [\d.]+ s$/m);
  expect(output.text).toMatch(/^answers acknowledged: 40 before the moment \(.+\), 50 after it$/m);
  expect(output.text).toContain("restored to the moment: 40 of 40 answers acknowledged before it are there as they were");
  expect(output.text).toMatch(/^written after the moment and there: 0 of \d+$/m);
  expect(output.text).toMatch(/^restore time: [\d.]+ s/m);
  expect(output.text).toContain("RESTORE DRILL PASSED");
  expect(output.code).toBe(0);
});
