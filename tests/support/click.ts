// Click's calls as Click makes them, for the unit suites: a Prepare's fields and their signature
// (md5 over the raw values, payments.md), with a fresh click_trans_id each time.
import { createHash } from "node:crypto";
import { TEST_ENV } from "./test-env";

export type ClickFields = Record<string, string>;

let nextClickId = Date.now();

/** The fields with their sign_string, signed by the test server's secret unless another is given. */
export function clickSigned(fields: ClickFields, secret: string = TEST_ENV.CLICK_SECRET_KEY): ClickFields {
  const parts = [fields.click_trans_id, fields.service_id, secret, fields.merchant_trans_id];
  if (fields.merchant_prepare_id !== undefined) parts.push(fields.merchant_prepare_id);
  parts.push(fields.amount, fields.action, fields.sign_time);
  return { ...fields, sign_string: createHash("md5").update(parts.join("")).digest("hex") };
}

/** A Prepare of the fee for the registration, its transaction new. */
export function clickPrepareFields(guid: string, overrides: ClickFields = {}): ClickFields {
  nextClickId += 1;
  return {
    click_trans_id: String(nextClickId),
    service_id: "00000",
    click_paydoc_id: String(nextClickId + 7),
    merchant_trans_id: guid,
    amount: "75000",
    action: "0",
    error: "0",
    error_note: "Success",
    sign_time: "2025-05-20 10:15:00",
    ...overrides,
  };
}
