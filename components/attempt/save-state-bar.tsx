// What the outbox holds, in the attempt page's top bar: all saved, saving, or offline with answers
// kept on the device. Nothing is called saved before the outbox has read what a reload left there.
// On a phone the short texts: the bar stays one line above the options.
import { uz } from "@/lib/i18n/uz";

const t = uz.attempt;

export function SaveState({ loaded, offline, pendingCount }: { loaded: boolean; offline: boolean; pendingCount: number }) {
  if (!loaded) return <span className="text-slate-500">{uz.common.loading}</span>;
  if (pendingCount === 0) return <span className="text-green-700">✓ {t.allSaved}</span>;
  return offline ? (
    <span className="text-red-700">
      <span className="sm:hidden">{t.offlineShort(pendingCount)}</span>
      <span className="hidden sm:inline">{t.offline(pendingCount)}</span>
    </span>
  ) : (
    <span className="text-amber-700">
      <span className="sm:hidden">{t.savingShort(pendingCount)}</span>
      <span className="hidden sm:inline">{t.saving(pendingCount)}</span>
    </span>
  );
}
