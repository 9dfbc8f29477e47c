// @ts-check
// The offline shell (components/offline/attempt-copy.ts): the page the attempt page's service worker
// shows for a reload without network when the attempt's own page is not kept yet. The pupil and
// the attempt come from the device, so the page is the same for every pupil of a language: it is
// rendered once per language as the process starts, not once per pupil, and each answer carries a
// fresh nonce in place of the render's, in its policy and on its scripts alike, so that its policy
// is the nonce policy of every other page (no 'unsafe-inline', no nonce given out twice).
import { randomUUID } from "node:crypto";
import { LOCALES } from "../shared/i18n/locale.mjs";
import { localeOf } from "./busy-page.mjs";

/** The shell's address (SHELL_PATH in components/offline/attempt-copy.ts, SHELL in public/sw.js). */
export const SHELL_PATH = "/offline-shell";

/** @typedef {{ html: string, policy: string, nonce: string }} Shell */
/** @typedef {import("../shared/i18n/locale.mjs").Locale} Locale */

/**
 * The shell rendered in every language by the app at `origin` (Next's handler on a loopback port).
 * @param {string} origin
 * @returns {Promise<Map<Locale, Shell>>}
 */
export async function renderShells(origin) {
  /** @type {Map<Locale, Shell>} */
  const shells = new Map();
  for (const locale of LOCALES) {
    const answer = await fetch(`${origin}${SHELL_PATH}`, {
      headers: { Cookie: `lang=${locale}`, Accept: "text/html" },
      redirect: "manual",
    });
    const html = await answer.text();
    const policy = answer.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    if (answer.status !== 200 || !nonce) throw new Error(`The offline shell (${locale}) did not render: ${answer.status}.`);
    shells.set(locale, { html, policy, nonce });
  }
  return shells;
}

/**
 * The shell with a fresh nonce in place of the one it was rendered with.
 * @param {Shell} shell
 * @param {string} nonce
 */
export const withNonce = (shell, nonce) => ({
  html: shell.html.replaceAll(shell.nonce, nonce),
  policy: shell.policy.replaceAll(shell.nonce, nonce),
});

/**
 * Answers the shell in the visitor's language, from memory (before admission: it costs a copy).
 * @param {Map<Locale, Shell> | null} shells
 * @param {Record<string, string>} headers the security headers besides the policy
 * @returns {(request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse) => void}
 */
export function shellResponder(shells, headers) {
  return (request, response) => {
    const shell = shells?.get(localeOf(request));
    if (!shell || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(shell ? 405 : 503, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers });
      return void response.end();
    }
    const page = withNonce(shell, btoa(randomUUID()));
    response.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "private, no-store",
      ...headers,
      "Content-Security-Policy": page.policy,
    });
    response.end(request.method === "HEAD" ? undefined : page.html);
  };
}
