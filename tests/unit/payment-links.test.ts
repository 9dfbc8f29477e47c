// The payment panel's links (payments.md): Payme's base64 merchant string in tiyin, Click's query.
import { describe, expect, it } from "vitest";
import { clickPayUrl, paymeCheckoutUrl, registrationReturnUrl } from "@/lib/payments/links";

const guid = "6f1c1b2e-8a3d-4c5e-9f70-1a2b3c4d5e6f";

describe("payment links", () => {
  it("return to the registration page with registerSuccess", async () => {
    expect(await registrationReturnUrl(guid)).toBe(`http://localhost:3000/register/${guid}?registerSuccess=true`);
  });

  it("Payme: checkout URL + base64(m=…;ac.guid=…;a=tiyin;c=return)", async () => {
    const url = await paymeCheckoutUrl({ guid, amountSom: 75_000 });
    expect(url.startsWith("https://checkout.paycom.uz/")).toBe(true);
    const decoded = Buffer.from(url.slice("https://checkout.paycom.uz/".length), "base64").toString("utf8");
    expect(decoded).toBe(
      `m=000000000000000000000000;ac.guid=${guid};a=7500000;c=http://localhost:3000/register/${guid}?registerSuccess=true`,
    );
  });

  it("Click: service, merchant, amount with tiyin decimals, the guid and the return address", async () => {
    const url = new URL(await clickPayUrl({ guid, amountSom: 75_000 }));
    expect(url.origin + url.pathname).toBe("https://my.click.uz/services/pay");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      service_id: "00000",
      merchant_id: "00000",
      amount: "75000.00",
      transaction_param: guid,
      return_url: `http://localhost:3000/register/${guid}?registerSuccess=true`,
    });
  });
});
