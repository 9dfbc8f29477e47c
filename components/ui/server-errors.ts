// A server's 422 shown where it belongs: each field's validation code as its Uzbek message under
// that field of the form.
"use client";

import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "@/lib/http/client";
import { validationMessage } from "@/lib/validation/messages";

/** Puts the error's `validationErrors` on the form's fields; the error itself, as an ApiError, or undefined. */
export function showServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): ApiError | undefined {
  if (!(error instanceof ApiError)) return undefined;
  for (const [field, codes] of Object.entries(error.validationErrorCodes)) {
    if (codes[0]) form.setError(field as Path<T>, { message: validationMessage(field, codes[0]) });
  }
  return error;
}
