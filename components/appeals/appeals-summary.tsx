// What the result card says after the test: whether the list is final, the second stage, each
// move of the score with its reason, and the decisions on the pupil's appeals.
"use client";

import { useLocale, useLocalName, useMessages } from "@/components/i18n/messages";
import type { AppealsView } from "@/shared/appeals/schema";
import { points } from "@/shared/i18n/numbers";
import { regrades } from "@/shared/results/schema";
import { formatTashkent, tashkentClock, tashkentDate } from "@/shared/time";

/**
 * `audience`: the pupil (their result card) or the family (the registration link's page): the
 * second stage is said to each, and the family's page lists the decisions once, with the appeals.
 */
export function AppealsSummary({ view, audience = "pupil" }: { view: AppealsView; audience?: "pupil" | "family" }) {
  const messages = useMessages();
  const [texts, listTexts] = [messages.appeals, messages.finalList];
  const locale = useLocale();
  const local = useLocalName();
  const decided = view.appeals.flatMap((appeal) => (appeal.decision ? [{ ...appeal, decision: appeal.decision }] : []));
  // A decision that moved the score gave its reason with the move above: said once. On the family's
  // page the decisions are listed with their appeals, so there a move's reason a decision gives is left to it.
  const saidWithMove = new Set(view.scoreChanges.map((change) => change.reason));
  const saidWithAppeal = new Set(audience === "family" ? decided.map((appeal) => appeal.decision.reason) : []);
  const actionOf = ({ action, questionNumber }: AppealsView["scoreChanges"][number]) =>
    questionNumber !== null && regrades(action) ? texts.changeActions[action]({ n: questionNumber }) : null;

  const { place } = view.list;
  const family = audience === "family";
  // Off the final list: where the pupil stood in their district (unranked, or without a district: the line alone).
  const notSelected = place?.districtName
    ? (family ? texts.familyNotSelectedPlace : texts.notSelectedPlace)({
        rank: place.rank,
        district: local(place.districtName),
        top: place.top,
      })
    : family
      ? texts.familyNotSelected
      : texts.notSelected;

  return (
    <div className="mt-4 flex flex-col gap-3" data-testid="appeals-summary">
      {view.list.secondStage && (
        <p className="rounded-xl bg-green-50 p-4 font-semibold text-green-900 ring-1 ring-green-300" data-testid="second-stage">
          {audience === "family" ? texts.familySecondStage : texts.secondStage}
        </p>
      )}
      {view.list.state === "final" && !view.list.secondStage && (
        <p className="rounded-xl bg-slate-50 p-4 text-slate-900 ring-1 ring-slate-300" data-testid="not-selected">
          {notSelected}
        </p>
      )}
      {view.list.publicUrl && (
        <a
          className="inline-flex min-h-11 items-center font-medium text-primary-700 underline"
          href={view.list.publicUrl}
          data-testid="public-list"
        >
          {texts.publicList}
        </a>
      )}
      {view.list.announcedAt && (
        <p className="rounded-lg bg-amber-50 p-3 font-medium text-amber-900 ring-1 ring-amber-200" data-testid="list-announced">
          {listTexts.announced({ date: tashkentDate(view.list.announcedAt), time: tashkentClock(view.list.announcedAt) })}
        </p>
      )}
      <p
        className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200"
        data-testid="list-state"
        data-state={view.list.state}
      >
        {view.list.state === "final" ? texts.final({ time: formatTashkent(view.list.since) }) : texts.provisional}
      </p>
      {view.scoreChanges.length > 0 && (
        <ul className="flex flex-col gap-2">
          {view.scoreChanges.map((change) => {
            const action = actionOf(change);
            return (
              <li
                key={`${change.changedAt}-${change.questionNumber}-${change.action}`}
                className="rounded-lg bg-primary-50 p-3 text-sm text-primary-900"
                data-testid="score-change"
              >
                <p className="font-semibold">
                  {(audience === "family" ? texts.familyScoreChanged : texts.scoreChanged)({
                    from: points(locale, change.oldScore),
                    to: points(locale, change.newScore),
                  })}
                  {action && `: ${action}`}
                </p>
                {!saidWithAppeal.has(change.reason) && (
                  <p className="whitespace-pre-wrap break-words">{texts.reason({ reason: change.reason })}</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {audience === "pupil" && decided.length > 0 && (
        <ul className="flex flex-col gap-2">
          {decided.map((appeal) => (
            <li
              key={appeal.appealId}
              className="rounded-lg p-3 text-sm ring-1 ring-slate-200"
              data-testid="appeal-outcome"
              data-question={appeal.questionNumber ?? "result"}
              data-outcome={appeal.decision.outcome}
            >
              <p>
                <span className="font-semibold">
                  {appeal.questionNumber === null ? texts.wholeResult : texts.questionNumber({ n: appeal.questionNumber })}:
                </span>{" "}
                {texts.outcomes[appeal.decision.outcome]}
              </p>
              {!saidWithMove.has(appeal.decision.reason) && (
                <p className="whitespace-pre-wrap break-words text-slate-700">{texts.reason({ reason: appeal.decision.reason })}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
