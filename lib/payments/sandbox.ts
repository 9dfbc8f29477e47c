// The demo's payments (PAYMENTS_SANDBOX=true): Payme and Click paid as their servers would call
// us, through our own endpoints' code (lib/payments/payme-route.ts, click-route.ts), with their
// real authentication: Payme's JSON-RPC (CheckPerformTransaction, CreateTransaction,
// PerformTransaction) and Click's Prepare and Complete. Every call is recorded as theirs are.
import "server-only";
import { randomBytes, randomInt } from "node:crypto";
import { config } from "@/lib/config";
import { businessError, invalidInput, notFound } from "@/lib/http/errors";
import { ErrorCode } from "@/shared/http/contract";
import { RegistrationStatus } from "@/shared/registration/status";
import { assertSandbox } from "./card";
import { ClickError, clickSignature } from "./click";
import { clickCall } from "./click-route";
import { PaymeError } from "./payme";
import { paymeCall } from "./payme-route";
import { assertPayableAt, findRegistration, tiyin } from "./service";

type Order = { guid: string; amountSom: number };

/** Outside the period the sandbox refuses as the card does, in the family's words, before either provider is called. */
async function assertInPeriod(guid: string): Promise<void> {
  const registration = await findRegistration(guid);
  if (registration && registration.status !== RegistrationStatus.Paid) assertPayableAt(registration, Date.now());
}

/** Payme's three calls for a paid order; the first error Payme would see stops it. */
export async function simulatePayme({ guid, amountSom }: Order): Promise<void> {
  assertSandbox();
  await assertInPeriod(guid);
  const authorization = `Basic ${Buffer.from(`Paycom:${config().payme.key}`).toString("base64")}`;
  const id = randomBytes(12).toString("hex"); // Payme's transaction ids are 24 hex digits
  const amount = tiyin(amountSom);
  let rpcId = 0;
  const call = async (method: string, params: Record<string, unknown>) => {
    rpcId += 1;
    const body = JSON.stringify({ jsonrpc: "2.0", id: rpcId, method, params });
    const answer = await paymeCall({ text: body, authorization });
    if ("error" in answer && answer.error) throw refusal(answer.error.code);
  };
  await call("CheckPerformTransaction", { amount, account: { guid } });
  await call("CreateTransaction", { id, time: Date.now(), amount, account: { guid } });
  await call("PerformTransaction", { id });
}

/** Click's Prepare and Complete for a paid order, signed as Click signs them. */
export async function simulateClick({ guid, amountSom }: Order): Promise<void> {
  assertSandbox();
  await assertInPeriod(guid);
  const { click } = config();
  const fields = {
    click_trans_id: String(randomInt(1, 2 ** 47)),
    service_id: click.serviceId,
    click_paydoc_id: String(randomInt(1, 2 ** 47)),
    merchant_trans_id: guid,
    amount: amountSom.toFixed(2),
    error: "0",
    error_note: "Success",
    sign_time: new Date().toISOString().slice(0, 19).replace("T", " "),
  };
  const call = async (action: "prepare" | "complete", extra: Record<string, string>) => {
    const f: Record<string, string> = { ...fields, ...extra, action: action === "prepare" ? "0" : "1" };
    f.sign_string = clickSignature(action, f);
    const answer = (await clickCall(action, new URLSearchParams(f).toString())) as { error: number; merchant_prepare_id?: number };
    if (answer.error !== 0) throw refusal(answer.error);
    return answer;
  };
  const prepared = await call("prepare", {});
  await call("complete", { merchant_prepare_id: String(prepared.merchant_prepare_id) });
}

/**
 * A provider's refusal as the card's confirmation says the same: paid already, no such order (404),
 * not the fee (422); anything else is a failed payment the checkout shows as one.
 */
function refusal(code: number): Error {
  // Paid already: another tab, another way.
  if (code === PaymeError.AlreadyPaid || code === ClickError.AlreadyPaid) return businessError(ErrorCode.RegistrationAlreadyPaid);
  if (code === PaymeError.AccountNotFound || code === ClickError.UserDoesNotExist) return notFound();
  if (code === PaymeError.InvalidAmount || code === ClickError.IncorrectAmount) return invalidInput({ amountSom: ["Invalid"] });
  return new Error(`sandbox payment refused: ${code}`);
}
