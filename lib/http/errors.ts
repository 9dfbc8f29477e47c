// The server's errors: values with a status, a code and a message in the contract's body
// (contract.ts); zod's issues read into the contract's validation codes.
import "server-only";
import type { z } from "zod";
import { AWAY_RETRY_SECONDS } from "@/lib/db/availability.mjs";
import { callMessages } from "@/lib/i18n/server";
import type { ErrorBody, ErrorCode, SourceError, ValidationCode, ValidationErrors } from "@/shared/http/contract";

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
    readonly validationErrors: ValidationErrors = {},
    readonly headers: Record<string, string> = {},
    readonly errors?: SourceError[],
  ) {
    super(message);
    this.name = "AppError";
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, validationErrors: this.validationErrors, ...(this.errors && { errors: this.errors }) };
  }
}

export const businessError = (code: ErrorCode) => new AppError(400, code, callMessages().codes[code] ?? callMessages().http.default);
export const notFound = () => new AppError(404, null, callMessages().http.notFound);
export const invalidInput = (validationErrors: ValidationErrors) =>
  new AppError(422, null, callMessages().http.unprocessable, validationErrors);
export const payloadTooLarge = () => new AppError(413, null, callMessages().http.payloadTooLarge);
/** The database is away (lib/db/availability.mjs): the page keeps the pupil's answers and sends them later. */
export const databaseAwayError = () =>
  new AppError(503, null, callMessages().http.databaseAway, {}, { "Retry-After": String(AWAY_RETRY_SECONDS) });

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function codeOf(issue: z.core.$ZodIssue, input: unknown): ValidationCode {
  const value = valueAt(input, issue.path);
  const blank = value === undefined || value === null || (typeof value === "string" && value.trim() === "");
  switch (issue.code) {
    case "invalid_type":
      return blank ? "Required" : "Invalid";
    case "too_small":
    case "too_big":
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "date") return "Range";
      if (blank) return "Required";
      if (issue.exact) return "Length";
      return issue.code === "too_small" ? "MinLength" : "MaxLength";
    case "invalid_format":
      if (blank) return "Required";
      return issue.format === "regex" ? "Pattern" : "Invalid";
    case "invalid_value":
      return blank ? "Required" : "Enum";
    case "custom":
      return ((issue.params as { code?: ValidationCode } | undefined)?.code ?? "Invalid") as ValidationCode;
    default:
      return "Invalid";
  }
}

/** zod issues → `{ field: [codes] }`; keys are the camelCase field paths ("body" for the root). */
export function toValidationErrors(error: z.core.$ZodError, input: unknown): ValidationErrors {
  const result: ValidationErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? "body" : issue.path.map(String).join(".");
    const field = key.charAt(0).toLowerCase() + key.slice(1);
    const code = codeOf(issue, input);
    const codes = result[field] ?? [];
    if (!codes.includes(code)) codes.push(code);
    result[field] = codes;
  }
  return result;
}

/** A schema of zod or of zod/mini: both parse by themselves (only the types differ). */
export type Parseable = z.core.$ZodType & {
  safeParse(input: unknown): { success: true; data: unknown } | { success: false; error: z.core.$ZodError };
};

/** Parses with the shared schema, or throws the 422 of the contract. */
export function parseOrThrow<S extends Parseable>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw invalidInput(toValidationErrors(parsed.error, input));
  return parsed.data as z.output<S>;
}
