// The acts of a day when something goes wrong, as the incidents page's forms give them (checked in
// the browser, and by the route handlers): extra minutes for every running attempt, a notice.
import { z } from "zod";
import { said, saidToOrganiser } from "@/shared/i18n/said";
import { PG_INT_MAX, queryId } from "@/shared/validation/fields";
import { reason } from "@/shared/validation/reason";

const v = said;
const o = saidToOrganiser;

/** A form's select left at "all" sends "" or nothing: no scope. */
const optionalId = z.preprocess((value) => (value === "" || value === null ? undefined : value), z.optional(queryId));

/** Extra minutes for every running attempt of a test, or of a region or district of it (incidents). */
export const bulkExtraTimeSchema = z.object({
  testId: z.coerce.number(v.required).int(v.required).positive(v.required).max(PG_INT_MAX, v.invalid),
  regionId: optionalId,
  districtId: optionalId,
  minutes: z.number(v.required).int(o.bulkMinutes).min(1, o.bulkMinutes).max(120, o.bulkMinutes),
  reason,
});

const noticeText = z.string(o.noticeText).trim().min(3, o.noticeText).max(500, o.noticeText);
const optionalNoticeText = z.preprocess((value) => (value === "" || value === null ? undefined : value), noticeText.optional());
/** A notice to every pupil: Uzbek (Latin) always; Cyrillic and Russian when written. */
export const noticeSchema = z.object({ uz: noticeText, "uz-Cyrl": optionalNoticeText, ru: optionalNoticeText });
