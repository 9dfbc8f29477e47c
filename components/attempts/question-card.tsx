// The question on screen: its text, its choices (large buttons with radio semantics and the saved
// state) and the way to the previous and next question; in review, the key once it may be shown
// and, before then, the pupil's choice marked only as chosen.
// Without a mouse (a roving tabindex, the arrows, a choice's letter key, never with a modifier):
// docs/accessibility.md#what-conforms-and-how
import { clsx } from "clsx";
import { type KeyboardEvent, useId, useRef } from "react";
import { useMessages } from "@/components/i18n/messages";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { RichText } from "@/components/ui/rich-text";
import type { AttemptView } from "@/lib/attempts/taking";
import { ChoiceButton, LETTER_KEYS, letter } from "./choice-button";
import { Watermark } from "./watermark";

/** The choice a key stands for by its place on the keyboard (KeyA → 0 … KeyE → 4), or null. */
function letterIndex(event: globalThis.KeyboardEvent): number | null {
  if (event.repeat) return null;
  const match = /^Key([A-E])$/.exec(event.code);
  return match ? match[1].charCodeAt(0) - 65 : null;
}
type Question = AttemptView["questions"][number];

export function QuestionCard({
  attemptId,
  question,
  total,
  review,
  keyShown,
  disabled,
  ready,
  chosen,
  waiting,
  onChoose,
  panel,
  previous,
  next,
  go,
}: {
  attemptId: number;
  question: Question | undefined;
  total: number;
  review: boolean;
  /** Review shows the key only once the server gives it. */
  keyShown: boolean;
  /** The choices cannot be changed (review, ended, finishing). */
  disabled: boolean;
  /** The page's script runs and the outbox has read the device: until then a tap would be lost. */
  ready: boolean;
  /** The displayed answer (waiting in the outbox, else confirmed) and the one still on its way. */
  chosen: number | null;
  waiting: number | undefined;
  onChoose: (choiceId: number) => void;
  /** The reading text's panel beside the question (wide screens), when there is one. */
  panel: { shown: boolean; toggle: () => void } | null;
  previous: number | undefined;
  next: number | undefined;
  go: (questionNumber: number) => void;
}) {
  const messages = useMessages();
  const texts = messages.attempt;
  const headingId = useId();
  const group = useRef<HTMLDivElement>(null);
  const choices = question?.questionChoices ?? [];
  const choosable = !disabled && ready;

  const radios = () => [...(group.current?.querySelectorAll<HTMLButtonElement>("[role=radio]") ?? [])];
  const choose = (index: number) => {
    const choice = choices[index];
    if (!choice) return;
    onChoose(choice.questionChoiceId);
    radios()[index]?.focus();
  };
  // Keys while a choice has the focus (WCAG 2.1.4: a letter acts only there): the arrows move the
  // focus round the group, choosing stays Space's and Enter's; a letter chooses its choice.
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || event.defaultPrevented) return;
    const index = letterIndex(event.nativeEvent);
    if (index !== null) {
      if (choosable && index < choices.length) {
        event.preventDefault();
        choose(index);
      }
      return;
    }
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    const all = radios();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    event.preventDefault();
    all[(at + step + all.length) % all.length]?.focus();
  };
  const chosenIndex = choices.findIndex((choice) => choice.questionChoiceId === chosen);
  const tabStop = Math.max(chosenIndex, 0);

  return (
    <Card
      as="section"
      size="panel"
      aria-labelledby={question ? headingId : undefined}
      className="relative min-w-0 flex-1 overflow-hidden sm:p-5"
    >
      <Watermark attemptId={attemptId} />
      {!question ? (
        <p className="py-10 text-center font-medium text-slate-600" data-testid="question-not-found">
          {texts.questionNotFound}
        </p>
      ) : (
        <>
          <div className="mb-3 flex items-center justify-between gap-2">
            <h2 id={headingId} className="text-sm font-semibold text-primary-700">
              {texts.question({ n: question.questionNumber, total })}
            </h2>
            {panel && (
              <button
                type="button"
                className="hidden text-xs font-medium text-primary-700 underline lg:block"
                onClick={panel.toggle}
                data-testid="toggle-panel"
              >
                {panel.shown ? texts.hidePanel : texts.showPanel}
              </button>
            )}
          </div>
          <RichText html={question.text} className="text-base leading-relaxed" />
          {review && question.answerId === null && (
            <p className="mt-3 rounded-lg bg-slate-100 p-2 text-sm text-slate-700">{texts.notAnswered}</p>
          )}
          {review && question.voided && (
            <p className="mt-3 rounded-lg bg-slate-100 p-2 text-sm font-medium text-slate-800" data-testid="question-voided">
              {texts.questionVoided[question.voided]}
            </p>
          )}
          {review && question.keyChanged && !question.voided && (
            <p className="mt-3 rounded-lg bg-amber-50 p-2 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="question-key-changed">
              {texts.questionKeyChanged}
            </p>
          )}
          {/* Choices are buttons (large, tappable, with the saved state) carrying radio semantics. */}
          <div
            ref={group}
            className={clsx("mt-4 flex flex-col gap-2", !ready && "cursor-wait opacity-60")}
            role="radiogroup"
            aria-busy={!ready || undefined}
            aria-labelledby={headingId}
            aria-describedby={choosable ? `${headingId}-keys` : undefined}
            onKeyDown={onKey}
          >
            {question.questionChoices.map((choice, index) => (
              <ChoiceButton
                key={choice.questionChoiceId}
                choice={choice}
                index={index}
                chosen={chosen === choice.questionChoiceId}
                waiting={waiting === choice.questionChoiceId}
                // A voided question has no key: the pupil's choice is only "chosen", never wrong.
                isKey={!question.voided && question.correctAnswerId === choice.questionChoiceId}
                review={review}
                keyShown={keyShown && !question.voided}
                choosable={choosable}
                tabStop={index === tabStop}
                onChoose={onChoose}
              />
            ))}
          </div>
          {choosable && choices.length > 0 && (
            <p
              id={`${headingId}-keys`}
              className="mt-3 hidden text-xs text-slate-600 [@media(pointer:fine)]:block"
              data-testid="keyboard-hint"
            >
              {texts.keyboardHint({ letters: `A–${letter(Math.min(choices.length, LETTER_KEYS) - 1)}` })}
            </p>
          )}
        </>
      )}
      <div className="relative z-20 mt-5 flex justify-between gap-2">
        <Button variant="secondary" disabled={previous === undefined} onClick={() => previous !== undefined && go(previous)}>
          {texts.previous}
        </Button>
        <Button variant="secondary" disabled={next === undefined} onClick={() => next !== undefined && go(next)}>
          {texts.next}
        </Button>
      </div>
    </Card>
  );
}
