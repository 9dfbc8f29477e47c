// The public offer's text, rendered by the server into the registration page for the offer's
// dialog to show: text, not JavaScript the parent's phone has to download and run. The words are
// the season's latest offer (what submitting the form accepts) as kept when it was stated
// (season_offers), in the reader's language.
import { getLocale } from "@/lib/i18n/server";
import { offerText } from "@/lib/seasons/offer";
import { keptOffer, type RegistrationWindow } from "@/lib/seasons/seasons";

export async function OfferText({ season }: { season: RegistrationWindow | null }) {
  const locale = await getLocale();
  const kept = season ? await keptOffer(season.seasonId, season.offerVersion) : undefined;
  const terms = season ? { opens: season.opens, closes: season.closes, feeSom: season.feeSom } : undefined;
  const sections = kept?.[locale] ?? offerText(locale, terms);
  return sections.map((section) => (
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
