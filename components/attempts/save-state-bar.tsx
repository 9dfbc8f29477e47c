// What the outbox holds, in the attempt page's top bar: all saved, saving, or offline with answers
// kept on the device. Nothing is called saved before the outbox has read what a reload left there.
// On a phone the short texts: the bar stays one line above the options.
import { useMessages } from "@/components/i18n/messages";

export function SaveState({ loaded, offline, pendingCount }: { loaded: boolean; offline: boolean; pendingCount: number }) {
  const messages = useMessages();
  const texts = messages.attempt;
  if (!loaded) return <span className="text-slate-500">{messages.common.loading}</span>;
  if (pendingCount === 0)
    return (
      <span className="text-green-700">
        <span aria-hidden>✓ </span>
        {texts.allSaved}
      </span>
    );
  return offline ? (
    <span className="text-red-700">
      <span className="sm:hidden">{texts.offlineShort({ count: pendingCount })}</span>
      <span className="hidden sm:inline">{texts.offline({ count: pendingCount })}</span>
    </span>
  ) : (
    <span className="text-amber-700">
      <span className="sm:hidden">{texts.savingShort({ count: pendingCount })}</span>
      <span className="hidden sm:inline">{texts.saving({ count: pendingCount })}</span>
    </span>
  );
}
