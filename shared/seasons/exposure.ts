// A season's bank as the next season would take it over: per subject and study language, its fresh
// and exposed items per difficulty beside the counts its test draws, and where the fresh ones fall
// short. The console's summary shows it; the carry (lib/seasons/carry.ts) refuses by it.
import type { Difficulty, StudyLanguage } from "@/shared/attempts/enums";
import { DIFFICULTIES } from "@/shared/attempts/scoring";

export type ItemCount = { fresh: number; exposed: number };

export type BankExposure = {
  subjectId: number;
  name: string;
  grade: number;
  /** The test's counts per difficulty (easy, medium, hard); null: the subject has no test yet. */
  needed: number[] | null;
  /** Only the languages the bank has items in, each with its counts per difficulty. */
  languages: { language: StudyLanguage; items: ItemCount[] }[];
};

export type ShortCell = {
  name: string;
  grade: number;
  language: StudyLanguage;
  difficulty: Difficulty;
  fresh: number;
  exposed: number;
  needed: number;
};

/**
 * Where the fresh items cannot fill the test and exposed ones could help: fewer fresh than drawn,
 * and at least one exposed. A bank short altogether without exposed items is the board's matter.
 */
export function shortCells(subject: BankExposure): ShortCell[] {
  const { needed } = subject;
  if (!needed) return [];
  return subject.languages.flatMap(({ language, items }) =>
    DIFFICULTIES.flatMap(({ difficulty }, i) =>
      items[i].fresh < needed[i] && items[i].exposed > 0
        ? [{ name: subject.name, grade: subject.grade, language, difficulty, ...items[i], needed: needed[i] }]
        : [],
    ),
  );
}
