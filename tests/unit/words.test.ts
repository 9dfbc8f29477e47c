// Words a family or an organiser cannot misread, held in the catalogues themselves, in each
// interface language: filing an appeal and deciding it are different words; one term per concept
// on the family's and the console's pages; no outcome printed after "Question N:" brings a colon of
// its own; a count never has to agree with a verb; a page named in a text is the label of its
// button; nothing measured reads as "not measured", never as a zero; the test's arrows say what
// they move to; the rehearsal's verdict is a sentence, not a shout.
import { describe, expect, it } from "vitest";
import { ru } from "@/lib/i18n/ru";
import { ruOrganiser } from "@/lib/i18n/ru-organiser";
import { uzCyrl } from "@/lib/i18n/uz-Cyrl";
import { uzCyrlOrganiser } from "@/lib/i18n/uz-Cyrl-organiser";
import { compile } from "@/shared/i18n/format";
import { uz } from "@/shared/i18n/uz";
import { uzOrganiser } from "@/shared/i18n/uz-organiser";

const LANGUAGES = [
  { locale: "uz", family: uz, console: uzOrganiser },
  { locale: "uz-Cyrl", family: uzCyrl, console: uzCyrlOrganiser },
  { locale: "ru", family: ru, console: ruOrganiser },
] as const;

const UPHELD = ["also", "key", "void"] as const;
const lowerFirst = (text: string) => text.charAt(0).toLocaleLowerCase() + text.slice(1);
const words = (text: string) => text.toLocaleLowerCase().match(/[\p{L}'ʼ]+/gu) ?? [];

describe.each(LANGUAGES)("$locale", ({ locale, family, console: organiser }) => {
  it("filing an appeal and deciding it use different words", () => {
    const filed = new Set(words(family.appeals.sent));
    for (const outcome of Object.values(family.appeals.outcomes)) {
      expect(
        words(outcome).filter((word) => filed.has(word) && word.length > 3),
        `${family.appeals.sent} / ${outcome}`,
      ).toEqual([]);
    }
  });

  it("an upheld appeal's outcome says upheld, then what changed, in the console's own words", () => {
    for (const kind of UPHELD) {
      expect(family.appeals.outcomes[kind]).toBe(`${family.appeals.outcomes.upheld} — ${lowerFirst(organiser.appeals.decided[kind])}`);
    }
  });

  it("no outcome brings a colon of its own after 'Question N:'", () => {
    for (const outcome of Object.values(family.appeals.outcomes)) expect(outcome).not.toContain(":");
  });

  it("one term per kind of appeal on the family's and the console's pages", () => {
    expect(organiser.appeals.kinds).toEqual(family.appeals.kinds);
  });

  it("the page the family is sent to is named by its button's label", () => {
    expect(family.appeals.parentLead).toContain(`«${family.testAttempt.review}»`);
  });

  it("the test's arrows say they move between questions", () => {
    const question = { uz: "savol", "uz-Cyrl": "савол", ru: "вопрос" }[locale];
    expect(family.attempt.previous.toLocaleLowerCase()).toContain(question);
    expect(family.attempt.next.toLocaleLowerCase()).toContain(question);
  });

  it("the screening's summary needs no agreement with its counts", () => {
    const summary = compile<typeof uzOrganiser>(locale, organiser).screening.summary;
    for (const tested of [1, 2, 5]) {
      const text = summary({ when: "10:00", attempts: 10, pairs: 45, tested, minShared: 10, listed: 0 });
      // The count of compared pairs stands alone after a dash or a colon, never before a verb.
      expect(text, text).toMatch(new RegExp(`[—:] ${tested}[;,.]|${tested} (?:ta|та)`));
    }
  });

  it("the rehearsal's verdict is a sentence, not capitals, and has a word for 'not measured'", () => {
    for (const verdict of [organiser.rehearsal.go, organiser.rehearsal.noGo]) expect(verdict).not.toBe(verdict.toLocaleUpperCase());
    expect(organiser.rehearsal.notMeasured).not.toMatch(/\d/);
  });
});
