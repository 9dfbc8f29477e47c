// `npm run bench:spreadsheet-bomb`: what a spreadsheet that unpacks huge costs, on a production
// build on PostgreSQL. A genuine workbook whose shared strings unpack to 24 MB (under 1 MB packed)
// is uploaded twice: as it is (refused from its zip directory) and with a directory that claims
// 1 000 bytes an entry (refused as it is inflated). Printed for each: the refusal and its time, and
// the health check's answer times meanwhile. tests/api/question-bank.spec.ts checks the refusals;
// these are their times. Options (environment): BENCH_PORT.
import { performance } from "node:perf_hooks";
import ExcelJS from "exceljs";
import { signedInOrganiser, startBenchServer, TOKEN, uploadInBackground } from "./server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3424);
/** The signature of a zip's central directory entry (PKWARE APPNOTE 4.3.12). */
const CENTRAL_ENTRY = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

const { base, call, stop } = await startBenchServer({ port: PORT, env: { ADMISSION_LIMIT: "0" } });

/** The import template's two sheets, with `rows` of questions. */
async function workbook(rows) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Savollar");
  sheet.addRow(["difficulty", "question", "reading_text", "A", "B", "C", "D", "E", "F", "correct"]);
  for (const row of rows) sheet.addRow(row);
  book.addWorksheet("Matnlar").addRow(["key", "text"]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

try {
  const olympiad = await (
    await call("/api/test-support/olympiads", {
      method: "POST",
      token: TOKEN,
      body: { bankPerDifficulty: 1, counts: { easy: 1, medium: 1, hard: 1 } },
    })
  ).json();
  const organiser = await signedInOrganiser(call);

  const bomb = await workbook(
    Array.from({ length: 12 }, (_, i) => ["oson", `${i}${"x".repeat(2_000_000)}`, "", "1", "2", "", "", "", "", "A"]),
  );
  const understated = Buffer.from(bomb);
  for (let at = understated.indexOf(CENTRAL_ENTRY); at >= 0; at = understated.indexOf(CENTRAL_ENTRY, at + 4))
    understated.writeUInt32LE(1_000, at + 24);

  for (const [what, file] of [
    ["its directory as it is", bomb],
    ["its directory understating it", understated],
  ]) {
    const form = new FormData();
    form.set("file", new Blob([file], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }), "savollar.xlsx");
    for (const [name, value] of Object.entries({ format: "xlsx", subjectId: String(olympiad.subjectId), reason: "Bench" }))
      form.set(name, value);
    const { answer: uploaded, done } = uploadInBackground(base, organiser, form, { dryRun: false });
    const health = [];
    while (!done()) {
      const asked = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      health.push(performance.now() - asked);
    }
    const { status, text, ms } = await uploaded;
    const message = status === 422 ? (JSON.parse(text).errors?.[0]?.message ?? "") : text.slice(0, 120);
    console.log(
      `a ${(bomb.length / 1024).toFixed(0)} KB xlsx unpacking to 24 MB, ${what}: ${status} in ${Math.round(ms)} ms (${message}); ` +
        `health meanwhile: slowest ${Math.round(Math.max(0, ...health))} ms of ${health.length}`,
    );
  }
} finally {
  await stop();
}
