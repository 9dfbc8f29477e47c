// The device cookie (OWASP, "slow down online guessing attacks with device cookies"): a device
// that signed in to an account before carries a signed note of it, and its sign-ins to that
// account are counted on their own, so failures from elsewhere never lock the owner out. Its nonce
// is the browser's device id (access_events): kept when another account signs in on the browser.
import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";
import type { Cookies } from "@/lib/http/cookies";

const DEVICE_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

export function deviceCookie() {
  const secure = config().publicUrl.startsWith("https://");
  return {
    name: secure ? "__Host-olimpiada-device" : "olimpiada-device",
    options: { httpOnly: true, sameSite: "lax" as const, secure, path: "/", maxAge: DEVICE_MAX_AGE_SECONDS },
  };
}

const sign = (username: string, nonce: string) =>
  createHmac("sha256", config().authSecret).update(`device\u0000${username}\u0000${nonce}`).digest("base64url").slice(0, 32);

/** A device id for a browser that has none yet (or only a forged cookie). */
export const newDeviceId = (): string => randomBytes(16).toString("base64url");

/** The cookie value for the (normalised) username on the device `deviceId` (deviceIdOf, or a new one). */
export function deviceCookieValue(username: string, deviceId: string): string {
  return `${Buffer.from(username).toString("base64url")}.${deviceId}.${sign(username, deviceId)}`;
}

/** The device's own key when the cookie is a valid one of this (normalised) username; else none. */
export function trustedDevice(value: string | undefined, username: string): string | undefined {
  const [name, nonce, signature] = value?.split(".") ?? [];
  if (!name || !nonce || !signature || Buffer.from(name, "base64url").toString() !== username) return undefined;
  const expected = Buffer.from(sign(username, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : undefined;
}

/**
 * The browser's device id: the nonce of its device cookie when the cookie is valid for the
 * username it names, whoever that is; else none (no cookie yet, or a forged one).
 */
export function deviceIdOf(cookies: Pick<Cookies, "get">): string | undefined {
  const value = cookies.get(deviceCookie().name);
  const [name] = value?.split(".") ?? [];
  return name ? trustedDevice(value, Buffer.from(name, "base64url").toString()) : undefined;
}
