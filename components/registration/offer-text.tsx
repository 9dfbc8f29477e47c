// The public offer's text, rendered by the server into the registration page for the offer's
// dialog to show: text, not JavaScript the parent's phone has to download and run.
import { getLocale } from "@/lib/i18n/server";
import { offerText } from "@/lib/registration/offer";

export async function OfferText() {
  return offerText(await getLocale()).map((section) => (
    <section key={section.heading} className="mb-4">
      <h3 className="mb-1 font-semibold text-slate-900">{section.heading}</h3>
      {section.paragraphs.map((p) => (
        <p key={p} className="mb-2">
          {p}
        </p>
      ))}
    </section>
  ));
}
