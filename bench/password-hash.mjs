// `npm run bench:password`: what one argon2id verification costs for the parameter sets OWASP
// lists as equivalent, and how many sign-ins per second this machine absorbs with all its cores.
import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";

const Algorithm = { Argon2id: 2 };
const candidates = [
  { memoryCost: 47104, timeCost: 1 },
  { memoryCost: 19456, timeCost: 2 },
  { memoryCost: 12288, timeCost: 3 },
  { memoryCost: 9216, timeCost: 4 },
  { memoryCost: 7168, timeCost: 5 },
];
const cores = availableParallelism();
const rounds = Number(process.env.ROUNDS ?? 40);

console.log(`argon2id, ${cores} cores, ${rounds} verifications per set (parallelism 1)`);
for (const params of candidates) {
  const options = { ...params, parallelism: 1, algorithm: Algorithm.Argon2id };
  const stored = await hash("Kx7pQm4r", options);
  // Latency of one verification alone.
  const t0 = performance.now();
  for (let i = 0; i < 10; i++) await verify(stored, "Kx7pQm4r");
  const single = (performance.now() - t0) / 10;
  // Throughput with as many verifications in flight as there are cores.
  const t1 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: cores }, async () => {
      while (next++ < rounds) await verify(stored, "Kx7pQm4r");
    }),
  );
  const perSecond = rounds / ((performance.now() - t1) / 1000);
  console.log(
    `m=${String(params.memoryCost).padStart(5)} KiB t=${params.timeCost}: ` +
      `${single.toFixed(1)} ms per verification, ${perSecond.toFixed(0)} sign-ins/s on ${cores} cores, ` +
      `${Math.round(perSecond * 60)} per minute`,
  );
}
