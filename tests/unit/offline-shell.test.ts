// The offline shell as the front door answers it (server/offline-shell.mjs): one copy rendered per
// language, each answer with a nonce of its own in its policy and on every script, in the
// visitor's language.
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { shellResponder, withNonce } from "@/server/offline-shell.mjs";

const rendered = (locale: string) => ({
  nonce: "cmVuZGVy",
  policy: "default-src 'self'; script-src 'self' 'nonce-cmVuZGVy' 'strict-dynamic'",
  html: `<html lang="${locale}"><script nonce="cmVuZGVy" src="/_next/static/a.js"></script><script nonce="cmVuZGVy">self.x=["cmVuZGVy"]</script></html>`,
});
const shells = new Map([
  ["uz", rendered("uz")],
  ["ru", rendered("ru")],
] as const);

function answer(headers: Record<string, string>, method = "GET") {
  let status = 0;
  let sent: Record<string, string> = {};
  let body = "";
  const response = {
    writeHead: (code: number, head: Record<string, string>) => {
      status = code;
      sent = head;
    },
    end: (text?: string) => {
      body = text ?? "";
    },
  } as unknown as ServerResponse;
  shellResponder(shells as never, { "X-Frame-Options": "DENY" })({ method, url: "/offline-shell", headers } as IncomingMessage, response);
  return { status, headers: sent, body };
}

describe("the offline shell", () => {
  it("puts the given nonce everywhere the render's was", () => {
    const page = withNonce(rendered("uz"), "ZnJlc2g=");
    expect(page.html).not.toContain("cmVuZGVy");
    expect(page.policy).toBe("default-src 'self'; script-src 'self' 'nonce-ZnJlc2g=' 'strict-dynamic'");
    expect(page.html.match(/nonce="ZnJlc2g="/g)).toHaveLength(2);
  });

  it("answers each visitor a nonce never given before, the same page otherwise, in their language", () => {
    const [first, second] = [answer({ cookie: "lang=ru" }), answer({ cookie: "lang=ru" })];
    expect(first.status).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(first.headers["Content-Security-Policy"])![1];
    const other = /'nonce-([^']+)'/.exec(second.headers["Content-Security-Policy"])![1];
    expect(nonce).not.toBe(other);
    expect(nonce).not.toBe("cmVuZGVy");
    expect(first.body).toContain(`nonce="${nonce}"`);
    expect(first.body.replaceAll(nonce, "")).toBe(second.body.replaceAll(other, ""));
    expect(first.body).toContain('lang="ru"');
    expect(first.headers["X-Frame-Options"]).toBe("DENY");
    expect(first.headers["Cache-Control"]).toBe("private, no-store");
  });

  it("refuses what is not a read, and says so while no copy was rendered", () => {
    expect(answer({}, "POST").status).toBe(405);
    let status = 0;
    const response = { writeHead: (code: number) => (status = code), end: () => {} } as unknown as ServerResponse;
    shellResponder(null, {})({ method: "GET", url: "/offline-shell", headers: {} } as IncomingMessage, response);
    expect(status).toBe(503);
  });
});
