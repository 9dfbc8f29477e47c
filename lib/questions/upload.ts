// A question bank as a file (multipart: file, format, subjectId, difficulty): read with the
// format's reader, checked with the import's own schema, and imported all or nothing; every
// error names its row or question. `dryRun` is the preview. The JSON import's refusals name
// their question ("5-savol") the same way.
import "server-only";
import { z } from "zod";
import { AppError, toValidationErrors } from "@/lib/http/errors";
import { unsafeTextPaths } from "@/lib/http/unsafe-text";
import { callOrganiserMessages } from "@/lib/i18n/organiser";
import { callMessages } from "@/lib/i18n/server";
import type { ReadBank } from "@/lib/questions/formats";
import { importQuestionBank } from "@/lib/questions/import";
import { type QuestionImportInput, questionImportSchema } from "@/lib/questions/schema";
import { readAiken, readGift } from "@/lib/questions/text-banks";
import { readXlsx } from "@/lib/questions/xlsx";
import { FORMULA_LIMITS } from "@/lib/text/typeset";
import { DIFFICULTY_NAMES } from "@/shared/attempts/scoring";
import type { SourceError } from "@/shared/http/contract";
import { queryYesNo } from "@/shared/validation/fields";

/** The import's words, in the caller's language (read when a file is checked, never at load). */
const formatTexts = () => callOrganiserMessages().questions.formats;

/** A spreadsheet of a few thousand questions is well under this. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The upload's text fields (the route's wrapper reads the multipart form with it). */
export const uploadFields = z.object({
  format: z.enum(["xlsx", "gift", "aiken"]),
  /** The study language of the file's texts (a spreadsheet's "question_ru", … columns add others). */
  language: z.coerce
    .number()
    .pipe(z.literal([0, 1, 2]))
    .default(0),
  subjectId: z.coerce.number().int().positive().max(2_147_483_647),
  difficulty: z.enum(DIFFICULTY_NAMES).default("easy"),
  /** "true": the file's questions already in the bank are added again (the import's own schema checks it). */
  importDuplicates: queryYesNo,
  reason: z.string().max(500).optional(),
});

const refused = (errors: SourceError[]) => new AppError(422, null, callMessages().http.unprocessable, {}, {}, errors);

/** What the errors are located by: each question's place in the source, and whether it names a bank's question. */
type Located = Pick<ReadBank, "sources"> & { questions: { questionId?: number }[] };

/** The schema's and the sanitiser's errors (paths into the bank) as errors of the file's rows. */
function located(validation: Record<string, string[]>, bank: Located): SourceError[] {
  const m = formatTexts();
  const byCode: Record<string, string | undefined> = {
    Required: m.text,
    MinLength: m.choices,
    MaxLength: m.invalid,
    Invalid: m.correct,
  };
  return Object.entries(validation).map(([path, codes]) => {
    const [list, index, ...rest] = path.split(".");
    const where = list === "questions" && index !== undefined ? (bank.sources[Number(index)] ?? m.file) : m.file;
    const field = rest.join(".") || list;
    const attaching = bank.questions[Number(index)]?.questionId !== undefined;
    const message =
      codes[0] === "ImageAlt"
        ? m.imageAlt
        : codes[0] === "Formula"
          ? m.texFormula(FORMULA_LIMITS)
          : field === "readingTextLanguage"
            ? m.readingTextLanguage
            : field === "drawn"
              ? m.attachDrawn
              : field === "readingText" && attaching
                ? m.attachReadingText
                : field === "readingText"
                  ? m.readingTextKey
                  : field === "questionId" || (field === "choices" && attaching)
                    ? m.questionId
                    : field === "choices"
                      ? m.correct
                      : /^also\.\d+\.choices/.test(field)
                        ? m.translationChoices
                        : (byCode[codes[0]] ?? m.invalid);
    return { where, field, message };
  });
}

/** The multipart form as the route's wrapper reads it: at most MAX_UPLOAD_BYTES, the errors in our words. */
export const uploadForm = {
  fields: uploadFields,
  maxBytes: MAX_UPLOAD_BYTES,
  tooLarge: () => new AppError(413, null, formatTexts().tooLarge),
  unreadable: () => {
    const m = formatTexts();
    return refused([{ where: m.file, field: "file", message: m.notSpreadsheet }]);
  },
};

export async function importUpload({
  fields,
  file,
  dryRun,
  organiserId,
}: {
  fields: z.output<typeof uploadFields>;
  file: Blob | null;
  dryRun: boolean;
  organiserId: number;
}) {
  const m = formatTexts();
  if (!file || file.size === 0) throw refused([{ where: m.file, field: "file", message: m.empty }]);

  const { format, subjectId, difficulty, reason, language, importDuplicates } = fields;
  const bank =
    format === "xlsx"
      ? await readXlsx(await file.arrayBuffer(), language)
      : format === "gift"
        ? await readGift(await file.text(), difficulty)
        : await readAiken(await file.text(), difficulty);
  if (bank.errors.length > 0) throw refused(bank.errors);
  const unsafe = unsafeTextPaths({ readingTexts: bank.readingTexts, questions: bank.questions });
  if (unsafe.length > 0) throw refused(located(Object.fromEntries(unsafe.map((path) => [path, ["Required"]])), bank));
  if (bank.questions.length === 0) throw refused([{ where: m.file, field: "file", message: m.empty }]);

  const checked = questionImportSchema.safeParse({
    subjectId,
    language,
    readingTexts: bank.readingTexts,
    questions: bank.questions,
    importDuplicates,
    reason,
  });
  if (!checked.success) throw refused(located(toValidationErrors(checked.error, bank), bank));
  return importLocated(bank, () => importQuestionBank(checked.data, { dryRun, organiserId }));
}

/** The import's refusal (paths into the bank, the reason's apart) as errors of the source's rows. */
async function importLocated<T>(bank: Located, run: () => Promise<T>, keepPaths = false): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.status === 422 && !error.validationErrors.reason) {
      const errors = located(error.validationErrors, bank);
      throw keepPaths ? new AppError(422, null, error.message, error.validationErrors, {}, errors) : refused(errors);
    }
    throw error;
  }
}

/** The JSON import: its refusal keeps the paths into the bank and names each question ("5-savol") too. */
export function importJson(bank: QuestionImportInput, options: { dryRun: boolean; organiserId: number }) {
  const m = formatTexts();
  const sources = bank.questions.map((_, i) => m.question({ n: i + 1 }));
  return importLocated({ sources, questions: bank.questions }, () => importQuestionBank(bank, options), true);
}
