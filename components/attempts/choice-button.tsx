// One choice of the question on screen: a large button with radio semantics, its letter, its
// saved state; in review, the key, or the pupil's choice marked wrong or only as chosen.
import { useMessages } from "@/components/i18n/messages";
import { RichText } from "@/components/ui/rich-text";
import type { AttemptView } from "@/lib/attempts/taking";

export const letter = (index: number) => String.fromCharCode(65 + index);
/** How many choices have a letter key: A to E. */
export const LETTER_KEYS = 5;

type Props = {
  choice: AttemptView["questions"][number]["questionChoices"][number];
  index: number;
  /** The displayed answer is this choice, and it is still on its way. */
  chosen: boolean;
  waiting: boolean;
  /** The choice is the key (known in review only once it may be shown). */
  isKey: boolean;
  review: boolean;
  keyShown: boolean;
  choosable: boolean;
  /** The group's one stop of Tab (a roving tabindex). */
  tabStop: boolean;
  onChoose: (choiceId: number) => void;
};

export function ChoiceButton({ choice, index, chosen, waiting, isKey, review, keyShown, choosable, tabStop, onChoose }: Props) {
  const texts = useMessages().attempt;
  // Before the key may be shown, a chosen answer is only "chosen": never red or green.
  const tone = review
    ? isKey
      ? "border-green-600 bg-green-50"
      : chosen
        ? keyShown
          ? "border-red-500 bg-red-50"
          : "border-primary-600 bg-primary-50"
        : "border-slate-200"
    : chosen
      ? "border-primary-600 bg-primary-50"
      : "border-slate-200 hover:border-primary-300";
  return (
    <div>
      {/* biome-ignore lint/a11y/useSemanticElements: a styled button with radio semantics, see the group around it */}
      <button
        type="button"
        role="radio"
        aria-checked={chosen}
        aria-keyshortcuts={choosable && index < LETTER_KEYS ? letter(index) : undefined}
        tabIndex={tabStop ? 0 : -1}
        disabled={!choosable}
        data-state={waiting ? "pending" : chosen ? "saved" : undefined}
        onClick={() => onChoose(choice.questionChoiceId)}
        className={`relative z-20 flex min-h-12 w-full items-start gap-3 rounded-lg border-2 p-3 text-left transition disabled:cursor-default ${tone}`}
      >
        <span
          className={`flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
            chosen ? "bg-primary-600 text-white" : "bg-slate-100 text-slate-700"
          }`}
        >
          {letter(index)}
        </span>
        <RichText as="span" html={choice.text} className="min-w-0 flex-1 pt-0.5" />
        {review && isKey && (
          <span className="shrink-0 self-center text-xs font-semibold text-green-800" data-testid="key">
            <span aria-hidden>✓ </span>
            {texts.correct}
          </span>
        )}
        {review && chosen && keyShown && !isKey && (
          <span className="shrink-0 self-center text-xs font-semibold text-red-800" data-testid="wrong">
            <span aria-hidden>✗ </span>
            {texts.yourAnswer}
          </span>
        )}
        {review && chosen && !keyShown && (
          <span className="shrink-0 self-center text-xs font-medium text-primary-700" data-testid="chosen">
            {texts.chosen}
          </span>
        )}
      </button>
    </div>
  );
}
