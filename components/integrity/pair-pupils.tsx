// The evidence sheet's two pupils of a screened pair, side by side: name, login, school, score and place.
import { PupilMark } from "@/components/integrity/pupil-mark";
import { Card } from "@/components/ui/card";
import { getOrganiserMessages } from "@/lib/i18n/organiser";
import { getLocale, getLocalName } from "@/lib/i18n/server";
import type { PairPupil } from "@/lib/integrity/decisions";
import { points } from "@/shared/i18n/numbers";

type Props = { a: PairPupil | null; b: PairPupil | null; ids: [number, number] };

export async function PairPupils({ a, b, ids: [attemptA, attemptB] }: Props) {
  const [messages, locale, local] = await Promise.all([getOrganiserMessages(), getLocale(), getLocalName()]);
  const texts = messages.screening;
  const nameOf = (pupil: PairPupil | null, id: number) => pupil?.fullName ?? `#${id}`;
  return (
    <div className="grid gap-3 md:grid-cols-2" data-testid="pair-pupils">
      {[
        { pupil: a, id: attemptA, who: "A" as const, accent: "border-l-blue-700" },
        { pupil: b, id: attemptB, who: "B" as const, accent: "border-l-violet-600" },
      ].map(({ pupil, id, who, accent }) => (
        <Card key={id} size="panel" className={`border-l-4 ${accent}`}>
          <h2 className="flex items-center gap-2 font-semibold text-slate-900">
            <PupilMark who={who} />
            {nameOf(pupil, id)}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">{texts.login}</dt>
            <dd className="font-mono">{pupil?.username ?? "—"}</dd>
            <dt className="text-slate-600">{texts.school}</dt>
            <dd>
              {[pupil?.schoolName, pupil?.districtName]
                .filter((x): x is string => Boolean(x))
                .map(local)
                .join(", ") || "—"}
            </dd>
            <dt className="text-slate-600">{texts.score}</dt>
            <dd className="tabular-nums">{pupil ? points(locale, pupil.totalScore) : "—"}</dd>
            <dt className="text-slate-600">{texts.rank}</dt>
            <dd>{pupil?.rank ?? (pupil?.excluded ? messages.results.excluded[pupil.excluded] : "—")}</dd>
          </dl>
        </Card>
      ))}
    </div>
  );
}
