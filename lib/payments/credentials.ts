// The pupil's login, made once when the registration is paid, and its password kept
// AES-256-GCM encrypted beside the hash so that the parent's page and the chat-bot can show it.
import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from "node:crypto";
import { config } from "@/lib/config";

// Easy to read aloud and type on a phone: no look-alikes (0/O/o, 1/l/I, 5/S, 2/Z, 8/B).
const LETTERS = "abcdefghjkmnpqrtuvwxy";
const DIGITS = "34679";
const PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyzACDEFGHJKLMNPQRTUVWXY34679";

const pick = (alphabet: string, length: number) => Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join("");

/** Random, never sequential: 5 letters and 4 digits (21⁵·5⁴ ≈ 2.5·10⁹ names), e.g. "kavre4739". */
export function generateUsername(): string {
  return pick(LETTERS, 5) + pick(DIGITS, 4);
}

/** 10 characters from a 49-character alphabet without look-alikes (≈ 56 bits). */
export function generatePassword(): string {
  return pick(PASSWORD_ALPHABET, 10);
}

const key = () => createHash("sha256").update(config().credentialsKey, "utf8").digest();

/** "v1.iv.tag.ciphertext", base64url parts; a new random IV every time. */
export function encryptPassword(password: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const ciphertext = Buffer.concat([cipher.update(password, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

/** The password, or null if it cannot be read (another key, tampered with). */
export function decryptPassword(stored: string): string | null {
  const [version, iv, tag, ciphertext] = stored.split(".");
  if (version !== "v1" || !iv || !tag || !ciphertext) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
