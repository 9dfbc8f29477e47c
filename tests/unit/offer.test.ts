// The public offer states the season's registration period and fee as configured
// (REGISTRATION_OPENS, REGISTRATION_CLOSES, REGISTRATION_FEE_SOM), never a past season's.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Locale } from "@/shared/i18n/locale.mjs";

/** The offer module with the configuration read afresh from `env`. */
async function withEnv(env: Record<string, string>) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  return import("@/lib/seasons/offer");
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const wholeText = (sections: { heading: string; paragraphs: readonly string[] }[]) =>
  sections
    .flatMap((section) => [section.heading, ...section.paragraphs])
    .join("\n")
    .replace(/\s/g, " ");

describe("the public offer", () => {
  it.each([
    ["uz", "Ro'yxatdan o'tish 10.05.2027 dan 05.06.2027 gacha davom etadi.", "Ro'yxatdan o'tish badali — 82 400 so'm"],
    ["uz-Cyrl", "Рўйхатдан ўтиш 10.05.2027 дан 05.06.2027 гача давом этади.", "Рўйхатдан ўтиш бадали — 82 400 сўм"],
    ["ru", "Регистрация проводится с 10.05.2027 по 05.06.2027.", "Регистрационный взнос — 82 400 сум"],
  ] as const)("%s: the configured period and fee", async (locale: Locale, period, fee) => {
    const { offerText } = await withEnv({
      REGISTRATION_OPENS: "2027-05-10",
      REGISTRATION_CLOSES: "2027-06-05",
      REGISTRATION_FEE_SOM: "82400",
    });
    const text = wholeText(offerText(locale));
    expect(text).toContain(period);
    expect(text).toContain(fee);
    expect(text).not.toMatch(/2025|\{\w+\}/);
  });

  it("takes the days as the organiser writes them too (dd.mm.yyyy)", async () => {
    const { offerText } = await withEnv({ REGISTRATION_OPENS: "12.05.2027", REGISTRATION_CLOSES: "31.05.2027" });
    expect(wholeText(offerText("uz"))).toContain("12.05.2027 dan 31.05.2027 gacha");
  });

  it("refuses a period that ends before it starts, or a day that does not exist", async () => {
    const { configuredSeason } = await withEnv({ REGISTRATION_OPENS: "2027-05-31", REGISTRATION_CLOSES: "2027-05-12" });
    expect(() => configuredSeason()).toThrow(/REGISTRATION_CLOSES/);
    const again = await withEnv({ REGISTRATION_OPENS: "2027-02-31" });
    expect(() => again.configuredSeason()).toThrow(/REGISTRATION_OPENS/);
  });
});
