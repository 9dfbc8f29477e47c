// The certificate draws names in Uzbek Latin, Cyrillic and long three-part forms from the bundled
// fonts alone: with the network blocked, nothing is fetched and the PNG is whole.
import { PNG } from "pngjs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Certificate } from "@/lib/certificates/certificates";
import { certificateImage, PRINT_SIZE } from "@/lib/certificates/image";
import { registerSchema } from "@/shared/registration/schema";

const base = {
  username: "kavre4739",
  subjectName: "Matematika",
  grade: 7,
  issueDate: "24.06.2025",
  verifyUrl: "http://localhost:3000/cert/kavre4739",
  locale: "uz" as const,
};
const certificate = (firstName: string, lastName: string, middleName: string | null = null): Certificate => ({
  ...base,
  firstName,
  lastName,
  middleName,
  fullName: [lastName, firstName, middleName].filter(Boolean).join(" "),
});

let fetched: string[] = [];
beforeEach(() => {
  fetched = [];
  // The network is blocked: any fetch is recorded and fails.
  vi.stubGlobal("fetch", async (input: unknown) => {
    fetched.push(String(input));
    throw new Error("network blocked in this test");
  });
});
afterEach(() => vi.unstubAllGlobals());

async function render(c: Certificate) {
  const response = await certificateImage(c);
  const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()));
  return png;
}

describe("the certificate's names", () => {
  it.each([
    ["Uzbek Latin with ʻ and ʼ", certificate("Oʻlmas", "Gʻofurov", "Baxtiyorovich")],
    ["Cyrillic (Uzbek: Ў Қ Ғ Ҳ)", certificate("Ўлмас", "Қаҳҳоров", "Ғайратович")],
    ["a long three-part name", certificate("Muhammadabdulaziz", "Abdurahmonova-Qodirxoʻjayeva", "Shamsiddinovna")],
  ])("%s: drawn from the bundled fonts, nothing fetched", async (_, c) => {
    const png = await render(c);
    expect(png.width).toBe(PRINT_SIZE.width);
    expect(png.height).toBe(PRINT_SIZE.height);
    expect(fetched).toEqual([]);
  });

  it("is drawn in its pupil's interface language: Ўзбекча and Русский differ from Uzbek (Latin)", async () => {
    const pixels = async (locale: Certificate["locale"]) =>
      Buffer.from((await render({ ...certificate("Ўлмас", "Қаҳҳоров", "Ғайратович"), locale })).data).toString("base64");
    const [latin, cyrillic, russian] = [await pixels("uz"), await pixels("uz-Cyrl"), await pixels("ru")];
    expect(new Set([latin, cyrillic, russian]).size).toBe(3);
    expect(fetched).toEqual([]);
  });

  it("a script the fonts lack (old or imported data) prints without it, or as the username, never fetched", async () => {
    await render(certificate("王小明", "李", null));
    await render(certificate("Aziz", "Karimov 😀", "محمد"));
    expect(fetched).toEqual([]);
  });

  it("registration takes Latin and Cyrillic names and refuses other scripts with the Uzbek message", () => {
    const details = { guid: crypto.randomUUID(), regionId: 1726, districtId: 1726266, grade: 7, subjectId: 1 };
    expect(registerSchema.safeParse({ ...details, firstName: "Ўлмас", lastName: "Gʻofurov" }).success).toBe(true);
    const refused = registerSchema.safeParse({ ...details, firstName: "王小明", lastName: "Gʻofurov" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe("Faqat lotin yoki kirill harflari, apostrof, defis va bo'shliq kiritish mumkin");
  });
});
