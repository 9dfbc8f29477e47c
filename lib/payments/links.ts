// The payment panel's links, built from configuration (payments.md: checkout link and pay link).
import "server-only";
import { config } from "@/lib/config";
import { siteOrigin } from "@/lib/http/site-origin";
import { cardScriptUrl } from "./card";

/** Where a provider sends the family back: their registration's page, on the address they opened it at. */
export async function registrationReturnUrl(guid: string): Promise<string> {
  return `${await siteOrigin()}/register/${guid}?registerSuccess=true`;
}

export async function paymeCheckoutUrl({ guid, amountSom }: { guid: string; amountSom: number }): Promise<string> {
  const { payme } = config();
  const params = `m=${payme.merchantId};ac.guid=${guid};a=${amountSom * 100};c=${await registrationReturnUrl(guid)}`;
  return payme.checkoutUrl.replace(/\/?$/, "/") + Buffer.from(params, "utf8").toString("base64");
}

export async function clickPayUrl({ guid, amountSom }: { guid: string; amountSom: number }): Promise<string> {
  const { click } = config();
  const url = new URL(click.payUrl);
  url.searchParams.set("service_id", click.serviceId);
  url.searchParams.set("merchant_id", click.merchantId);
  url.searchParams.set("amount", amountSom.toFixed(2));
  url.searchParams.set("transaction_param", guid);
  url.searchParams.set("return_url", await registrationReturnUrl(guid));
  return url.toString();
}

export type PaymentOptions = {
  amountSom: number;
  paymeUrl: string;
  clickUrl: string;
  cardScriptUrl: string | null;
  sandbox: boolean;
};

export async function paymentOptions({ guid, amountSom }: { guid: string; amountSom: number }): Promise<PaymentOptions> {
  return {
    amountSom,
    paymeUrl: await paymeCheckoutUrl({ guid, amountSom }),
    clickUrl: await clickPayUrl({ guid, amountSom }),
    cardScriptUrl: cardScriptUrl(),
    sandbox: config().paymentsSandbox,
  };
}
