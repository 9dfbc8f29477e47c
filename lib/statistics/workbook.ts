// The item statistics of a test as one XLSX workbook (exceljs), in the language the organiser asks
// for: the test's figures and how they were computed, each question in all languages and per
// language version, each choice's picks and shares in the top and bottom thirds, and each pupil's
// Rasch measure. Numbers stay numbers (fractions, not percentages), so a sheet can compute on them.
import "server-only";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { seasons, subjects, tests } from "@/db/schema";
import { reportDb } from "@/lib/db/client";
import { messagesOf } from "@/lib/i18n/catalogues";
import { organiserMessagesOf } from "@/lib/i18n/organiser";
import { callLocaleNow, localNameIn } from "@/lib/i18n/server";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { gradeAndSubject } from "@/shared/i18n/words";
import { formatTashkent } from "@/shared/time";
import type { ItemStatistics } from "./analysis";
import { analyseTest } from "./items";
import type { ItemAnalysis } from "./moodle";
import { choiceLetter, reasonText } from "./reasons";

type Cell = string | number | null;

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "");

/** A sheet with a bold, frozen header row and columns wide enough for it. */
function sheetOf(book: ExcelJS.Workbook, name: string, header: string[]): ExcelJS.Worksheet {
  const sheet = book.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = header.map((title) => ({ width: Math.min(36, Math.max(10, title.length + 2)) }));
  sheet.addRow(header).font = { bold: true };
  return sheet;
}

/** The workbook of a test's item statistics, and its file name. 404 for an unknown test. */
export async function itemStatisticsWorkbook({
  testId,
  lang = callLocaleNow(),
  now = new Date(),
}: {
  testId: number;
  lang?: Locale;
  now?: Date;
}): Promise<{ fileName: string; provisional: boolean; data: ArrayBuffer }> {
  const [{ stats, pupils }, [subject]] = await Promise.all([
    analyseTest({ testId, now }),
    reportDb
      .select({ name: subjects.name, grade: subjects.grade, year: seasons.year })
      .from(tests)
      .innerJoin(subjects, eq(subjects.id, tests.subjectId))
      .innerJoin(seasons, eq(seasons.id, subjects.seasonId))
      .where(eq(tests.id, testId)),
  ]);
  const messages = organiserMessagesOf(lang);
  const texts = messages.itemStatistics;
  const w = texts.workbook;
  const results = messages.results;
  const languageName = (code: number) => messages.questions.languageNames[code as 0 | 1 | 2];
  const subjectName = localNameIn(lang)(subject.name);
  const which = gradeAndSubject(messagesOf(lang), subject.grade, subjectName);
  const book = new ExcelJS.Workbook();

  // The test: what it is, its figures, and how they were computed.
  const test = book.addWorksheet(w.sheets.test);
  test.columns = [{ width: 48 }, { width: 24 }];
  test.addRow([w.title]).font = { bold: true, size: 13 };
  test.addRow([which]);
  test.addRow([results.season({ year: subject.year })]);
  // The statistics' own state (every answer in), not the list's (final only once the organiser finalises it).
  test.addRow([stats.provisional ? texts.provisional : texts.final]);
  test.addRow([results.madeAt({ time: formatTashkent(now.toISOString()) })]);
  test.addRow([]);
  test.addRow([w.figure, w.value]).font = { bold: true };
  const figures = stats.test;
  const t = texts.testFigures;
  const rows: [string, Cell][] = [
    [w.attempts, stats.attempts],
    [w.slots, figures?.slots ?? null],
    [t.mean, figures?.mean ?? null],
    [t.median, figures?.median ?? null],
    [t.sd, figures?.sd ?? null],
    [t.skewness, figures?.skewness ?? null],
    [t.kurtosis, figures?.kurtosis ?? null],
    [t.cic, figures?.cic ?? null],
    [t.errorRatio, figures?.errorRatio ?? null],
    [t.standardError, figures?.standardError ?? null],
    [w.referenceLanguage, stats.referenceLanguage === null ? null : languageName(stats.referenceLanguage)],
    [w.raschPlaced, stats.rasch?.placed ?? null],
    [w.raschConverged, stats.rasch ? (stats.rasch.converged ? w.yes : w.no) : null],
    [w.raschMeasured, stats.rasch?.measured ?? null],
    [w.raschMean, stats.rasch?.meanMeasure ?? null],
    [w.raschSd, stats.rasch?.sdMeasure ?? null],
  ];
  for (const row of rows) test.addRow(row);
  if (figures?.verdict) test.addRow(["", texts.verdict[figures.verdict]]);
  test.addRow([]);
  for (const line of [...w.methods, texts.cicMethod]) test.addRow([line]);

  // The questions: every language together, then each version.
  const questions = sheetOf(book, w.sheets.questions, [
    w.questionId,
    w.difficulty,
    texts.language,
    texts.drawn,
    w.answered,
    w.correct,
    texts.facility,
    texts.sd,
    texts.randomGuess,
    texts.discrimination,
    texts.discriminationIndex,
    texts.efficiency,
    texts.raschDifficulty,
    texts.dif,
    texts.etsClass,
    w.flags,
  ]);
  const figuresOf = (a: ItemAnalysis | null): Cell[] => [
    a?.facility ?? null,
    a?.sd ?? null,
    a?.randomGuess ?? null,
    a?.discrimination ?? null,
    a?.discriminationIndex ?? null,
    a?.discriminativeEfficiency ?? null,
  ];
  const flagsOf = (item: ItemStatistics) =>
    [
      ...(item.voided ? [w.voided] : []),
      ...(item.retired ? [w.retired] : []),
      ...item.reasons.map((reason) => reasonText(messages, lang, item, reason)),
    ].join("\n");
  for (const item of stats.items) {
    const difficulty = messages.questions.difficultyOf[item.difficulty];
    questions.addRow([
      item.questionId,
      difficulty,
      texts.allLanguages,
      item.drawn,
      item.answered,
      item.correct,
      ...figuresOf(item.analysis),
      item.raschDifficulty,
      null,
      null,
      flagsOf(item),
    ]);
    for (const version of item.versions) {
      const dif = item.dif.find((d) => d.language === version.language);
      questions.addRow([
        item.questionId,
        difficulty,
        languageName(version.language),
        version.analysis.n,
        null,
        null,
        ...figuresOf(version.analysis),
        null,
        dif?.delta ?? null,
        dif?.etsClass ?? null,
        null,
      ]);
    }
  }
  questions.getColumn(16).alignment = { wrapText: true, vertical: "top" };
  questions.getColumn(16).width = 80;

  // The choices: picks and the thirds' shares, in all languages and per version.
  const choices = sheetOf(book, w.sheets.choices, [
    w.questionId,
    texts.language,
    texts.choice,
    w.choiceId,
    texts.key,
    texts.picked,
    texts.top,
    texts.bottom,
  ]);
  for (const item of stats.items) {
    const analyses = [
      { language: texts.allLanguages, analysis: item.analysis },
      ...item.versions.map((v) => ({ language: languageName(v.language), analysis: v.analysis })),
    ];
    for (const { language, analysis } of analyses)
      for (const choice of item.choices) {
        const shares = analysis?.choices.find((c) => c.choiceId === choice.choiceId);
        choices.addRow([
          item.questionId,
          language,
          choiceLetter(item.choices, choice.choiceId),
          choice.choiceId,
          choice.isCorrect ? w.yes : "",
          shares?.picked ?? 0,
          shares?.top ?? null,
          shares?.bottom ?? null,
        ]);
      }
  }

  // The pupils' measures.
  const measured = sheetOf(book, w.sheets.pupils, [
    w.attemptId,
    w.login,
    texts.language,
    w.total,
    w.placed,
    w.raw,
    w.measure,
    w.standardError,
  ]);
  for (const p of pupils)
    measured.addRow([
      p.attemptId,
      p.username ?? "",
      languageName(p.language),
      p.totalTenths / 10,
      p.placed,
      p.raw,
      p.measure,
      p.standardError,
    ]);

  const stamp = now.toISOString().slice(0, 10);
  // The file names its season: a test of 2026 is not its grade and subject's test of 2027.
  const parts = [w.fileName, String(subject.year), slug(which), stamp, ...(stats.provisional ? [w.provisional] : [])];
  return {
    fileName: `${parts.join("_")}.xlsx`,
    provisional: stats.provisional,
    data: (await book.xlsx.writeBuffer()) as ArrayBuffer,
  };
}
