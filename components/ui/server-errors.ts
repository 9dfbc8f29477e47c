// A server's 422 shown where it belongs: each field's validation code as its Uzbek message under
// that field of the form; any other failure as a toast. The console's forms submit through
// submitWith, so each shows its errors the same way.
"use client";

import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiError } from "@/shared/http/client";
import { validationMessage } from "@/shared/validation/messages";
import { showError } from "./show-error";

/** Puts the error's `validationErrors` on the form's fields; the error itself, as an ApiError, or undefined. */
export function showServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): ApiError | undefined {
  if (!(error instanceof ApiError)) return undefined;
  for (const [field, codes] of Object.entries(error.validationErrorCodes)) {
    if (codes[0]) form.setError(field as Path<T>, { message: validationMessage(field, codes[0]) });
  }
  return error;
}

/** A failure of a form's call: a 422 under its fields, anything else as a toast. */
export function showFormError<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): void {
  if (showServerErrors(form, error)?.status !== 422) showError(error);
}

/** The form's submit handler: `act` with the checked values; its failure shown by showFormError. */
export function submitWith<T extends FieldValues>(form: UseFormReturn<T>, act: (values: T) => Promise<void>) {
  return form.handleSubmit(async (values) => {
    try {
      await act(values);
    } catch (error) {
      showFormError(form, error);
    }
  });
}
