// Password hashing with argon2id; the cost was chosen by measurement (bench/password-hash.mjs).
import "server-only";
import { hash, verify } from "@node-rs/argon2";

// One of OWASP's equivalent argon2id sets (m=12 MiB, t=3, p=1), measured with `npm run
// bench:password` on this project's 2-core machines: 13–19 ms a verification, 93–148 sign-ins a
// second (5 500–8 900 a minute) per instance, so the opening-minute burst is absorbed by a few
// instances. Hashes carry their parameters: changing these later still verifies old ones.
const OPTIONS = { memoryCost: 12_288, timeCost: 3, parallelism: 1, algorithm: 2 /* Argon2id */ } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

let dummy: Promise<string> | undefined;

/** A hash to verify against when the username is unknown, so timing does not tell. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword("no-such-user-password");
  return dummy;
}
