// Question banks as teachers already have them, read into the import's JSON form: the spreadsheet
// template (.xlsx, read with exceljs: xlsx.ts), Moodle's GIFT (gift-pegjs) and Aiken (text-banks.ts).
// Each reader reports an error per bad row or question, with where it is, in the caller's language.
// This file holds what every reader gives and the worker each reads its file in.
import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { oneAtATime } from "@/lib/http/one-at-a-time";
import { callOrganiserMessages } from "@/lib/i18n/organiser";
import { processWide } from "@/lib/process-state.mjs";
import type { StudyLanguage } from "@/shared/attempts/enums";
import type { DifficultyName } from "@/shared/attempts/scoring";

/** The readers' words, in the caller's language (read when a file is read, never at load). */
export const formatTexts = () => callOrganiserMessages().questions.formats;

export type ImportQuestion = {
  /** A question of the bank this row gives its languages to (the template's "id"). */
  questionId?: number;
  difficulty: DifficultyName;
  text: string;
  readingText?: string;
  choices: { text: string; correct: boolean }[];
  /** The same question in other languages (the template's "question_ru", "A_ru", … columns). */
  also?: { language: StudyLanguage; text: string; choices: string[] }[];
};
export type SourceError = { where: string; field: string; message: string };
export type ReadBank = {
  readingTexts: { key: string; text: string; also?: { language: StudyLanguage; text: string }[] }[];
  questions: ImportQuestion[];
  /** Where each question came from ("3-qator", "5-savol"), for the errors of later checks. */
  sources: string[];
  errors: SourceError[];
};

const READ_TIMEOUT_MS = 15_000;
/** One file read at a time per process (the shelf's "readers": one for every bundle), a few waiting. */
const oneRead = <T>(job: () => Promise<T>) => processWide("readers", () => oneAtATime({ maxWaiting: 4 }))(job);

/**
 * Runs one of the readers' workers (xlsx-worker.mjs, text-bank-worker.mjs) with bounded memory
 * and time, one at a time per process: its answer, or null if it failed or ran out of either.
 */
export function inWorker<T>(file: string, workerData: unknown): Promise<T | null> {
  return oneRead(
    () =>
      new Promise<T | null>((resolve) => {
        const worker = new Worker(path.join(process.cwd(), "lib/questions", file), {
          workerData,
          resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
        });
        const timer = setTimeout(() => void worker.terminate(), READ_TIMEOUT_MS);
        let answer: T | null = null;
        worker.once("message", (message: T | null) => {
          answer = message;
        });
        worker.once("error", () => {});
        worker.once("exit", () => {
          clearTimeout(timer);
          resolve(answer);
        });
      }),
  );
}
