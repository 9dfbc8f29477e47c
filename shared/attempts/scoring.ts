// The scoring's vocabulary, one home for it and safe for the browser: a difficulty's number and its
// name, points kept in tenths (10 points per question are 100 tenths: sums stay exact), and a
// test's points per difficulty. The statements that score in the database are in lib/attempts/scoring-sql.ts.
import { Difficulty } from "./enums";

/** The difficulties in the order questions are numbered, with the names the console and the files use. */
export const DIFFICULTIES = [
  { difficulty: Difficulty.Easy, name: "easy" },
  { difficulty: Difficulty.Medium, name: "medium" },
  { difficulty: Difficulty.Hard, name: "hard" },
] as const;

/** A difficulty as the console and the import files name it. */
export type DifficultyName = (typeof DIFFICULTIES)[number]["name"];
export const DIFFICULTY_NAMES = DIFFICULTIES.map((d) => d.name) as [DifficultyName, ...DifficultyName[]];

export const difficultyOfName = (name: DifficultyName): Difficulty => DIFFICULTIES.find((d) => d.name === name)!.difficulty;
export const nameOfDifficulty = (difficulty: Difficulty): DifficultyName => DIFFICULTIES.find((d) => d.difficulty === difficulty)!.name;

export const tenthsToPoints = (tenths: number) => tenths / 10;
export const pointsToTenths = (points: number) => Math.round(points * 10);

/** A test's points per question of each difficulty, in tenths, as the tests table keeps them. */
export type PointsTenths = { easyPointsTenths: number; mediumPointsTenths: number; hardPointsTenths: number };
export type Counts = { easyCount: number; mediumCount: number; hardCount: number };

export function pointsTenthsOf(test: PointsTenths, difficulty: Difficulty): number {
  return {
    [Difficulty.Easy]: test.easyPointsTenths,
    [Difficulty.Medium]: test.mediumPointsTenths,
    [Difficulty.Hard]: test.hardPointsTenths,
  }[difficulty];
}

/** How many questions of a difficulty a test draws. */
export function countOf(test: Counts, difficulty: Difficulty): number {
  return { [Difficulty.Easy]: test.easyCount, [Difficulty.Medium]: test.mediumCount, [Difficulty.Hard]: test.hardCount }[difficulty];
}

/** The most a test gives, in tenths: each difficulty's questions × its points. */
export function maxTenths(test: Counts & PointsTenths): number {
  return test.easyCount * test.easyPointsTenths + test.mediumCount * test.mediumPointsTenths + test.hardCount * test.hardPointsTenths;
}

/** The points of an attempt's three parts (tenths as stored), as the pupil and the console see them. */
export const scoresInPoints = (s: { easy: number; medium: number; hard: number }) => ({
  easyScore: tenthsToPoints(s.easy),
  mediumScore: tenthsToPoints(s.medium),
  hardScore: tenthsToPoints(s.hard),
});
