// `npm run bench:sign-in`: what a stranger learns from Identity/Login, measured against a
// production build on PostgreSQL: the time of an unknown username beside a wrong password for a
// real one (alternating, each from its own address), and how many of 100 parallel wrong
// passwords for one account are evaluated before the lock, from one address and from a hundred.
import { startBenchServer, TOKEN } from "./server.mjs";

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3401);

// As behind one proxy, so that each try can come from an address of its own (no throttle).
const { database, call, stop } = await startBenchServer({ port: PORT, env: { TRUST_PROXY_HOPS: "1" } });

let address = 0;
const from = () => ({ "X-Forwarded-For": `10.${Math.floor(++address / 250) % 250}.${address % 250}.7` });
const newPupil = async () => (await call("/api/test-support/pupils", { method: "POST", token: TOKEN, body: {} })).json();

async function timedLogin(username, password) {
  const started = process.hrtime.bigint();
  const response = await call("/api/Identity/Login", { method: "POST", body: { username, password }, headers: from(), ok: false });
  const body = await response.text();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, status: response.status, body };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const p90 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)];

try {
  // Four wrong tries per real pupil (the fifth would lock), a fresh unknown name every time.
  const pupils = [];
  for (let i = 0; i < Math.ceil(SAMPLES / 4); i++) pupils.push(await newPupil());
  for (let i = 0; i < 5; i++) await timedLogin(`warmup${i}x`, "wrong-password"); // first requests compile and fill caches

  const known = [];
  const unknown = [];
  const bodies = new Set();
  for (let i = 0; i < SAMPLES; i++) {
    const real = await timedLogin(pupils[Math.floor(i / 4)].username, `wrong-password-${i}`);
    const ghost = await timedLogin(`ghost${i}${Date.now().toString(36)}`, `wrong-password-${i}`);
    known.push(real.ms);
    unknown.push(ghost.ms);
    bodies.add(`${real.status} ${real.body}`).add(`${ghost.status} ${ghost.body}`);
  }

  // 100 wrong passwords at once for one account: from one address, then each from another.
  const burst = async (headers) => {
    const target = await newPupil();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        call("/api/Identity/Login", {
          method: "POST",
          body: { username: target.username, password: "wrong-password" },
          headers: headers(),
          ok: false,
        }),
      ),
    );
    const codes = await Promise.all(answers.map(async (r) => (await r.json()).code));
    return { wrong: codes.filter((c) => c === 2102).length, locked: codes.filter((c) => c === 2101).length };
  };
  const oneAddress = await burst(() => ({ "X-Forwarded-For": "10.250.0.1" }));
  const manyAddresses = await burst(from);

  console.log(`\nIdentity/Login, production build on PostgreSQL (${database}), ${SAMPLES} samples each, alternating`);
  console.log(`known username, wrong password:  median ${median(known).toFixed(1)} ms   p90 ${p90(known).toFixed(1)} ms`);
  console.log(`unknown username:                median ${median(unknown).toFixed(1)} ms   p90 ${p90(unknown).toFixed(1)} ms`);
  console.log(
    `difference of the medians: ${(median(unknown) - median(known)).toFixed(1)} ms; distinct answers: ${bodies.size} (${[...bodies].join(" | ")})`,
  );
  console.log(
    `100 parallel wrong passwords for one account from one address: ${oneAddress.wrong} answered 2102, ${oneAddress.locked} answered 2101; evaluated before the lock: ${oneAddress.wrong + 1} (the fifth evaluated one locks and answers 2101)`,
  );
  console.log(
    `100 parallel wrong passwords for one account from 100 addresses: ${manyAddresses.wrong} evaluated (2102), ${manyAddresses.locked} answered 2101 (the username's ceiling: 60 a minute)`,
  );
} finally {
  await stop();
}
