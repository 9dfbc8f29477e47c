// `npm run bench:text-import`: what a 4.9 MB GIFT file's import costs the pupils (production build
// on PostgreSQL): a testing pupil's Get asked again and again while an organiser's dry run of the
// file is read, against the same Get with nothing else going on. The file is parsed by a worker
// (lib/questions/text-bank-worker.mjs); the figure to watch is the slowest Get meanwhile (1.5 s at
// most). Options (environment): BENCH_PORT.
import { benchOlympiad, signedInOrganiser, signedInPupil, startBenchServer, uploadInBackground } from "./server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3416);
/** Just under the upload limit (5 MB with the form around it): the 4.9 MB file. */
const SIZE = 4.9 * 1024 * 1024;

const { base, call, stop } = await startBenchServer({ port: PORT, env: { ADMISSION_LIMIT: "0" } });
try {
  const olympiad = await benchOlympiad(call);
  const { cookie } = await signedInPupil(call, olympiad);
  const { attemptId } = await (
    await call("/api/TestAttempts/New", { method: "POST", cookie, body: { language: 0, pinCode: "1234" } })
  ).json();
  const organiser = await signedInOrganiser(call);

  /** One Get's time, in ms. */
  const get = async () => {
    const at = performance.now();
    await (await call(`/api/TestAttempts/Get?id=${attemptId}`, { cookie })).arrayBuffer();
    return performance.now() - at;
  };
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

  const quiet = [];
  for (let i = 0; i < 20; i++) quiet.push(await get());

  const question = (i) => `::Q${i}:: ${"Uzun savol matni ".repeat(12)} ${i}? {=to'g'ri ~xato ~yana xato ~boshqa}\n\n`;
  const parts = [];
  for (let i = 0, size = 0; size + question(i).length <= SIZE; size += question(i).length, i++) parts.push(question(i));
  const gift = parts.join("");
  const form = new FormData();
  form.set("file", new Blob([gift], { type: "text/plain" }), "savollar.gift");
  for (const [name, value] of Object.entries({
    format: "gift",
    subjectId: String(olympiad.subjectId),
    difficulty: "easy",
    reason: "Bench",
  }))
    form.set(name, value);
  const { answer: imported, done } = uploadInBackground(base, organiser, form, { dryRun: true });
  const during = [];
  while (!done()) during.push(await get());
  const { status, text, ms } = await imported;
  // 422: read whole, then refused for its size in questions (the import's own limit): parsed all the same.
  if (status !== 200 && status !== 422) throw new Error(`the dry run answered ${status}: ${text.slice(0, 300)}`);

  console.log(`GIFT file: ${(gift.length / 1024 / 1024).toFixed(1)} MB, dry run answered ${status} in ${(ms / 1000).toFixed(1)} s`);
  console.log(`Get alone:          median ${median(quiet).toFixed(0)} ms, max ${Math.max(...quiet).toFixed(0)} ms (${quiet.length} calls)`);
  console.log(
    `Get during import:  median ${median(during).toFixed(0)} ms, max ${Math.max(...during).toFixed(0)} ms (${during.length} calls)`,
  );
  console.log(`slowest Get during the import: ${Math.max(...during) <= 1500 ? "within" : "OVER"} 1.5 s`);
} finally {
  await stop();
}
