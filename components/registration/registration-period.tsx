// A registration link outside its season's period: when registration opens, or that it is over.
import { Result } from "@/components/ui/result";
import { getMessages } from "@/lib/i18n/server";
import type { RegistrationWindow } from "@/lib/seasons/seasons";
import { dateTextOf } from "@/shared/time";

export async function RegistrationPeriod({ season }: { season: RegistrationWindow | null }) {
  const messages = await getMessages();
  const words = messages.registration;
  const values = season && { year: String(season.year), opens: dateTextOf(season.opens), closes: dateTextOf(season.closes) };
  if (season?.phase === "before" && values) {
    return <Result status="info" title={words.notOpenYet(values)} subTitle={words.periodHint(values)} />;
  }
  return values ? <Result status="warning" title={words.periodOver(values)} /> : <Result status="warning" title={messages.codes[1003]} />;
}
