// The sandbox card is off in a production build unless PAYMENTS_SANDBOX=true says otherwise
// (payments.md); when off, the panel loads the provider's script and the sandbox answers 404.
import { afterEach, describe, expect, it, vi } from "vitest";

const PRODUCTION = {
  NODE_ENV: "production",
  AUTH_SECRET: "production-auth-secret-0123456789abcdef012345",
  CREDENTIALS_KEY: "production-credentials-key-0123456789abcdef",
  BOT_API_TOKEN: "production-bot-token-0123456789abcdef012345",
  PAYME_KEY: "production-payme",
  CLICK_SECRET_KEY: "production-click",
  ADMIN_PASSWORD: "production-organiser-password",
  CARD_CHECKOUT_SCRIPT_URL: "https://checkout.card-provider.example/checkout.js",
};

async function freshConfig(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  const card = await import("@/lib/payments/card");
  return card;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("the sandbox card in production", () => {
  it("is off by default: the provider's script, and no sandbox confirmation", async () => {
    const card = await freshConfig({ ...PRODUCTION, PAYMENTS_SANDBOX: undefined });
    expect(card.cardScriptUrl()).toBe(PRODUCTION.CARD_CHECKOUT_SCRIPT_URL);
    expect(() => card.assertSandbox()).toThrow(expect.objectContaining({ status: 404 }));
  });

  it("is on only when PAYMENTS_SANDBOX=true is set explicitly", async () => {
    const card = await freshConfig({ ...PRODUCTION, PAYMENTS_SANDBOX: "true" });
    expect(card.cardScriptUrl()).toBe(card.SANDBOX_SCRIPT_PATH);
    expect(() => card.assertSandbox()).not.toThrow();
  });
});
