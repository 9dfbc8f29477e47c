// Security on its own: the client's address behind proxies, unsafe text, production defaults.
import { afterEach, describe, expect, it, vi } from "vitest";
import { clientAddressOf } from "@/lib/http/client-address.mjs";
import { isUnsafeText, storableText, unsafeTextPaths } from "@/lib/http/unsafe-text";
import { DEMO_SEED_MS, TEST_ENV } from "../support/test-env";

describe("the client's address (TRUST_PROXY_HOPS)", () => {
  // server/main.mjs appends the socket's address: the chain always ends with it.
  it("is the socket's with no proxy in front, whatever the client wrote", () => {
    expect(clientAddressOf("10.0.0.7", 0)).toBe("10.0.0.7");
    expect(clientAddressOf("1.2.3.4, 10.0.0.7", 0)).toBe("10.0.0.7");
    expect(clientAddressOf("9.9.9.9, 8.8.8.8, 10.0.0.7", 0)).toBe("10.0.0.7");
  });

  it("is what the last trusted proxy appended, never an entry further left", () => {
    expect(clientAddressOf("forged, 203.0.113.5, 10.0.0.1", 1)).toBe("203.0.113.5");
    expect(clientAddressOf("forged, 203.0.113.5, 172.16.0.2, 10.0.0.1", 2)).toBe("203.0.113.5");
  });

  it("falls back to the leftmost entry when fewer proxies wrote than configured", () => {
    expect(clientAddressOf("10.0.0.1", 1)).toBe("10.0.0.1");
    expect(clientAddressOf(null, 0)).toBe("unknown");
  });
});

describe("unsafe text", () => {
  it.each([["a\u0000b"], ["\u0007"], ["\u0085"], ["x\u001Fy"], ["\u007F"], ["\uD800"], ["a\uDC00b"]])("%j is refused", (value) => {
    expect(isUnsafeText(value)).toBe(true);
  });

  it.each([["Oʻlmas Gʻofurov"], ["Ёқубжон Ўринбоев"], ["line\nbreak\ttab\r"], ["😀 emoji pair"], ["<b>x</b>"]])(
    "%j is ordinary text",
    (value) => {
      expect(isUnsafeText(value)).toBe(false);
    },
  );

  it("names every unsafe string of a body, keys included, however deep", () => {
    let deep: unknown = "ok\u0000";
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(unsafeTextPaths(deep)).toHaveLength(1);
    expect(unsafeTextPaths({ questions: [{ text: "ok" }, { text: "n\u0000" }], "k\u0000": 1 }).sort()).toEqual(
      ["k\u0000", "questions.1.text"].sort(),
    );
  });

  it("is escaped, not lost, where it must be kept (the payment audit)", () => {
    expect(storableText('{"method":"Check\u0000"}')).toBe('{"method":"Check\\u0000"}');
    expect(storableText("lone \uD800")).toBe("lone \uFFFD");
  });
});

describe("a production server's configuration", () => {
  // The suites' own secrets, which are strong: on a shared PostgreSQL this test seeds the same
  // organiser and demo credentials the other suites expect.
  const STRONG = { ...TEST_ENV, NODE_ENV: "production", TEST_SUPPORT_TOKEN: undefined };

  async function load(env: Record<string, string | undefined>) {
    vi.resetModules();
    for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
    const { config } = await import("@/lib/config");
    return () => config();
  }

  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it("starts with strong secrets", async () => {
    expect((await load(STRONG))().production).toBe(true);
  });

  it.each([
    ["a missing secret", { AUTH_SECRET: undefined }, /missing AUTH_SECRET/],
    ["a short secret", { CREDENTIALS_KEY: "short-key" }, /too weak.*CREDENTIALS_KEY/],
    ["the development default", { AUTH_SECRET: "development-only-secret-do-not-use-in-production" }, /too weak.*AUTH_SECRET/],
    ["a repeated character", { BOT_API_TOKEN: "a".repeat(40) }, /too weak.*BOT_API_TOKEN/],
    ["a short organiser password", { ADMIN_PASSWORD: "short" }, /ADMIN_PASSWORD shorter/],
    ["demo data without DEMO_PUBLIC", { SEED_DEMO: "true" }, /DEMO_PUBLIC/],
  ])("refuses %s", async (_, change, message) => {
    const config = await load({ ...STRONG, ...change });
    expect(config).toThrow(message);
  });

  it("takes demo data when DEMO_PUBLIC=true says its passwords may be public", async () => {
    expect((await load({ ...STRONG, SEED_DEMO: "true", DEMO_PUBLIC: "true" }))().seedDemo).toBe(true);
  });

  it(
    "never prints the organiser's password in production",
    async () => {
      const log = vi.spyOn(console, "log").mockImplementation(() => {});
      await load({ ...STRONG, SEED_DEMO: "true", DEMO_PUBLIC: "true", PGLITE_DIR: "memory://" });
      const { prepareDatabase } = await import("@/lib/setup/prepare");
      await prepareDatabase();
      const printed = log.mock.calls.flat().join("\n");
      log.mockRestore();
      expect(printed).toContain("organiser");
      expect(printed).not.toContain(STRONG.ADMIN_PASSWORD);
    },
    DEMO_SEED_MS,
  );

  it("shows the password `npm run demo` generated itself, in its banner", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const env = { ...STRONG, SEED_DEMO: "true", DEMO_PUBLIC: "true", ADMIN_PASSWORD_GENERATED: "true" };
    await load({ ...env, PGLITE_DIR: "memory://" });
    const { prepareDatabase } = await import("@/lib/setup/prepare");
    await prepareDatabase();
    const printed = log.mock.calls.flat().join("\n");
    log.mockRestore();
    expect(printed).toContain(`organiser / ${STRONG.ADMIN_PASSWORD}`);
  });
});
