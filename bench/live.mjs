// `npm run bench:live`: how soon an organiser's act reaches a pupil's open attempt page, on a
// production build on PostgreSQL. The pupil's page listens on its stream of the organiser's acts
// (/api/TestAttempts/Events, as components/attempts/live.ts does); the organiser gives the pupil a
// minute more, BENCH_ACTS times; printed: from each act asked for to its answer, and to the
// event on the pupil's stream. tests/e2e/organiser-acts.spec.ts checks what the page does with
// each act; these are their times. Options (environment): BENCH_PORT, BENCH_ACTS (20).
import { performance } from "node:perf_hooks";
import { benchOlympiad, signedInOrganiser, signedInPupil, startBenchServer } from "./server.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3426);
const ACTS = Number(process.env.BENCH_ACTS ?? 20);

const { base, call, stop } = await startBenchServer({ port: PORT, env: { ADMISSION_LIMIT: "0" } });
const controller = new AbortController();

const at = (values, q) => values[Math.min(values.length - 1, Math.floor(values.length * q))] ?? Number.NaN;
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${Math.round(at(sorted, 0.5))} ms   p90 ${Math.round(at(sorted, 0.9))} ms   max ${Math.round(sorted.at(-1))} ms`;
};

try {
  const olympiad = await benchOlympiad(call);
  const pupil = await signedInPupil(call, olympiad);
  await call("/api/TestAttempts/New", { method: "POST", cookie: pupil.cookie, body: { language: 0, pinCode: "1234" } });
  const organiser = await signedInOrganiser(call);

  const stream = await fetch(`${base}/api/TestAttempts/Events`, {
    headers: { Cookie: pupil.cookie, Accept: "text/event-stream" },
    signal: controller.signal,
  });
  if (stream.status !== 200) throw new Error(`the stream answered ${stream.status}`);
  const reader = stream.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  /** The next event on the stream (its data line), whatever came before it. */
  const nextEvent = async () => {
    for (;;) {
      const match = /^data: (.*)$/m.exec(text);
      if (match) {
        text = text.slice(match.index + match[0].length);
        return match[1];
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("the stream ended");
      text += value;
    }
  };

  const answered = [];
  const heard = [];
  for (let i = 1; i <= ACTS; i++) {
    const asked = performance.now();
    await call(`/api/admin/pupils/${pupil.userId}/extra-minutes`, {
      method: "PUT",
      cookie: organiser,
      body: { minutes: i, reason: "Bench" },
    });
    answered.push(performance.now() - asked);
    for (let event = await nextEvent(); !event.includes('"kind":"extended"'); event = await nextEvent());
    heard.push(performance.now() - asked);
  }
  console.log(`${ACTS} acts (a minute more each) on a pupil whose attempt page listens:`);
  console.log(`  ${"the act answered:".padEnd(32)}${summary(answered)}`);
  console.log(`  ${"the event on the pupil's stream:".padEnd(32)}${summary(heard)}`);
} finally {
  controller.abort();
  await stop();
}
