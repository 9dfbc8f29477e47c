// The payment panel's links, built from configuration (payments.md: checkout link and pay link).
import "server-only";
import { config } from "@/lib/config";
import { cardScriptUrl } from "./card";

export function registrationReturnUrl(guid: string): string {
  return `${config().publicUrl}/register/${guid}?registerSuccess=true`;
}

export function paymeCheckoutUrl({ guid, amountSom }: { guid: string; amountSom: number }): string {
  const { payme } = config();
  const params = `m=${payme.merchantId};ac.guid=${guid};a=${amountSom * 100};c=${registrationReturnUrl(guid)}`;
  return payme.checkoutUrl.replace(/\/?$/, "/") + Buffer.from(params, "utf8").toString("base64");
}

export function clickPayUrl({ guid, amountSom }: { guid: string; amountSom: number }): string {
  const { click } = config();
  const url = new URL(click.payUrl);
  url.searchParams.set("service_id", click.serviceId);
  url.searchParams.set("merchant_id", click.merchantId);
  url.searchParams.set("amount", amountSom.toFixed(2));
  url.searchParams.set("transaction_param", guid);
  url.searchParams.set("return_url", registrationReturnUrl(guid));
  return url.toString();
}

export type PaymentOptions = {
  amountSom: number;
  paymeUrl: string;
  clickUrl: string;
  cardScriptUrl: string | null;
  sandbox: boolean;
};

export function paymentOptions({ guid, amountSom }: { guid: string; amountSom: number }): PaymentOptions {
  return {
    amountSom,
    paymeUrl: paymeCheckoutUrl({ guid, amountSom }),
    clickUrl: clickPayUrl({ guid, amountSom }),
    cardScriptUrl: cardScriptUrl(),
    sandbox: config().paymentsSandbox,
  };
}
