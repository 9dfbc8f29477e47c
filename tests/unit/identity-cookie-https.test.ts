// In production (an https PUBLIC_URL) the session cookie is Secure and __Host-prefixed.
import { describe, expect, it, vi } from "vitest";

describe("the session cookie over HTTPS", () => {
  it("is Secure and __Host-prefixed", async () => {
    vi.stubEnv("PUBLIC_URL", "https://olimpiada.example.uz");
    vi.stubEnv("TEST_SUPPORT_TOKEN", undefined); // refused with an https address
    const { sessionCookie } = await import("@/lib/identity/session-token");
    expect(sessionCookie()).toEqual({
      name: "__Host-next-auth.session-token",
      options: { httpOnly: true, sameSite: "lax", secure: true, path: "/", maxAge: 86_400 },
    });
    vi.unstubAllEnvs();
  });
});
