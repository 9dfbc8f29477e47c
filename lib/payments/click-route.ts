// Click's Prepare and Complete endpoints: form-encoded in, JSON out, every call recorded. Click
// authenticates inside the protocol (the md5 sign_string, -1), so the routes are public; their
// wrapper hands over the body's text (null when too large or cut off).
import "server-only";
import { errorText, log } from "@/lib/log.mjs";
import { PaymentProvider } from "@/shared/payments/enums";
import { answerClick, type ClickAction, type ClickAnswer, ClickError } from "./click";
import { recordPaymentEvent } from "./service";

export async function clickCall(action: ClickAction, text: string | null): Promise<ClickAnswer> {
  let answer: ClickAnswer;
  // Over the size limit or cut off (null): answered as a request without its fields (-8).
  try {
    answer = await answerClick(action, new URLSearchParams(text ?? ""));
  } catch (error) {
    log().error({ err: errorText(error), action }, "click call failed");
    answer = { error: ClickError.FailedToUpdateUser, error_note: "Failed to update user" };
  }
  const registrationGuid = new URLSearchParams(text ?? "").get("merchant_trans_id");
  await recordPaymentEvent({
    provider: PaymentProvider.Click,
    action,
    request: text ?? "(unreadable)",
    response: answer,
    registrationGuid,
    // A call whose signature did not check (or that had no fields to sign) is anyone's.
    authenticated: answer.error !== ClickError.SignCheckFailed && answer.error !== ClickError.ErrorInRequest,
  }).catch((error) => log().error({ err: errorText(error) }, "click audit record failed"));
  return answer;
}
