// What every organiser's act carries: why it was done, which the audit log keeps. The console's forms
// check it before sending, the route handlers again.
import { z } from "zod";
import { saidToOrganiser } from "@/shared/i18n/said";
// The fields module sets zod to parse without `new Function`, which the pages' Content-Security-Policy
// forbids: every schema of an act (all of them take a reason) gets that setting through this import.
import "@/shared/validation/fields";

const o = saidToOrganiser;

/** Every organiser's act says why; the audit log keeps it. */
export const reason = z.string(o.reason).trim().min(3, o.reason).max(500, o.reason);
/** Why, for an act with a dry run first: required to apply (the domain function checks). */
export const reasonToApply = z.preprocess((value) => (value === "" || value === null ? undefined : value), reason.optional());

export const reasonSchema = z.object({ reason });
/** A console act confirmed by typing a name (its form; each call names the field its own way). */
export const confirmedActSchema = z.object({ confirmName: z.string().max(100), reason });
