// The fee and how it is paid: the registration period the offer states, Payme, Click, the card
// checkout, the sandbox, and the fee's fiscal receipt (all of FISCAL_* or none).
import "server-only";
import { z } from "zod";
import { DEV_SECRET } from "../dev-secret.mjs";
import { bool, day } from "./fields";

/** The spec's registration period (12 to 31 May), in the current year: what a season without its own dates says. */
const thisYear = new Date().getUTCFullYear();

export const paymentSettings = z.object({
  REGISTRATION_FEE_SOM: z.coerce.number().int().positive().default(75_000),
  /** The season's registration period, as the public offer states it (first and last day). */
  REGISTRATION_OPENS: day.default(`${thisYear}-05-12`),
  REGISTRATION_CLOSES: day.default(`${thisYear}-05-31`),
  PAYME_MERCHANT_ID: z.string().default("000000000000000000000000"),
  PAYME_KEY: z.string().optional(),
  PAYME_CHECKOUT_URL: z.string().url().default("https://checkout.paycom.uz/"),
  CLICK_SERVICE_ID: z.string().default("00000"),
  CLICK_MERCHANT_ID: z.string().default("00000"),
  CLICK_SECRET_KEY: z.string().optional(),
  CLICK_PAY_URL: z.string().url().default("https://my.click.uz/services/pay"),
  /** Click's merchant API (the fiscal receipt's submit_items) and the user id its Auth header names. */
  CLICK_API_URL: z.string().url().default("https://api.click.uz/v2/merchant"),
  CLICK_MERCHANT_USER_ID: z
    .string()
    .regex(/^\d{1,12}$/, "digits")
    .optional(),
  /**
   * The fee's fiscal receipt (lib/payments/fiscal.ts): the title the receipt prints, its MXIK code,
   * package code, VAT percentage and the organiser's TIN (or PINFL). All or none (.env.example).
   */
  FISCAL_ITEM_TITLE: z
    .string()
    .trim()
    .min(3)
    // Click takes at most 63 characters (submit_items' Name).
    .max(63)
    .regex(/^[^\p{Cc}]+$/u, "no control characters")
    .optional(),
  FISCAL_MXIK_CODE: z
    .string()
    .regex(/^\d{17}$/, "17 digits, from the tax office's classifier")
    .optional(),
  FISCAL_PACKAGE_CODE: z
    .string()
    .regex(/^\d{1,20}$/, "digits")
    .optional(),
  FISCAL_VAT_PERCENT: z.coerce.number().int().min(0).max(100).optional(),
  FISCAL_TIN: z
    .string()
    .regex(/^(\d{9}|\d{14})$/, "a 9-digit TIN or a 14-digit PINFL")
    .optional(),
  CARD_CHECKOUT_SCRIPT_URL: z.string().optional(),
  PAYMENTS_SANDBOX: bool.optional(),
});

type PaymentSettings = z.output<typeof paymentSettings>;

/** The fiscal receipt's settings: all set, or none. */
const FISCAL_SETTINGS = ["FISCAL_ITEM_TITLE", "FISCAL_MXIK_CODE", "FISCAL_PACKAGE_CODE", "FISCAL_VAT_PERCENT", "FISCAL_TIN"] as const;

/** What is wrong with these settings taken together, or null. */
export function paymentProblem(env: PaymentSettings): string | null {
  if (env.REGISTRATION_CLOSES < env.REGISTRATION_OPENS) return "REGISTRATION_CLOSES before REGISTRATION_OPENS";
  const fiscalSet = FISCAL_SETTINGS.filter((k) => env[k] !== undefined);
  if (fiscalSet.length > 0 && fiscalSet.length < FISCAL_SETTINGS.length) {
    const missing = FISCAL_SETTINGS.filter((k) => env[k] === undefined);
    return `${missing.join(", ")} (the fiscal receipt's settings go together: set all of them, or none)`;
  }
  // Click's receipt is submitted by us, under the merchant user's id.
  if (fiscalSet.length > 0 && env.CLICK_MERCHANT_USER_ID === undefined) {
    return "CLICK_MERCHANT_USER_ID (Click's receipts are submitted under it: set it with the FISCAL_* settings)";
  }
  return null;
}

export function paymentConfig(env: PaymentSettings, production: boolean) {
  return {
    registrationFeeSom: env.REGISTRATION_FEE_SOM,
    /** The registration period the offer states: "2026-05-12" to "2026-05-31". */
    registrationPeriod: { opens: env.REGISTRATION_OPENS, closes: env.REGISTRATION_CLOSES },
    payme: {
      merchantId: env.PAYME_MERCHANT_ID,
      key: env.PAYME_KEY ?? DEV_SECRET,
      checkoutUrl: env.PAYME_CHECKOUT_URL,
    },
    click: {
      serviceId: env.CLICK_SERVICE_ID,
      merchantId: env.CLICK_MERCHANT_ID,
      secretKey: env.CLICK_SECRET_KEY ?? DEV_SECRET,
      payUrl: env.CLICK_PAY_URL,
      apiUrl: env.CLICK_API_URL.replace(/\/+$/, ""),
      merchantUserId: env.CLICK_MERCHANT_USER_ID,
    },
    /** The receipt's item (all of FISCAL_* set), or null: no receipt is registered. */
    fiscal:
      env.FISCAL_ITEM_TITLE !== undefined &&
      env.FISCAL_MXIK_CODE !== undefined &&
      env.FISCAL_PACKAGE_CODE !== undefined &&
      env.FISCAL_VAT_PERCENT !== undefined &&
      env.FISCAL_TIN !== undefined
        ? {
            title: env.FISCAL_ITEM_TITLE,
            mxikCode: env.FISCAL_MXIK_CODE,
            packageCode: env.FISCAL_PACKAGE_CODE,
            vatPercent: env.FISCAL_VAT_PERCENT,
            tin: env.FISCAL_TIN,
          }
        : null,
    cardCheckoutScriptUrl: env.CARD_CHECKOUT_SCRIPT_URL,
    // Simulated payments only when asked for in production; on by default elsewhere.
    paymentsSandbox: env.PAYMENTS_SANDBOX ?? !production,
  };
}
