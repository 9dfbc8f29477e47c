// How often each choice of a question was picked: one horizontal bar per choice, in plain SVG, the
// key green and, once the question is flagged for it, a distractor picked more often than the key
// red. A server component (the item statistics and the appeals pages render it).
import { getOrganiserMessages } from "@/lib/i18n/organiser";
import type { ItemStatistics } from "@/lib/statistics/analysis";
import { distractorsAboveKey } from "@/lib/statistics/flags";

const letter = (index: number) => String.fromCharCode(65 + index);

const ROW = 18; // px per bar, with its gap
const LABEL = 64; // the letter and the choice's id (the regrade asks for it)
const BAR = 120; // the longest bar
const WIDTH = LABEL + BAR + 40; // room for the count after the longest bar

export async function ChoiceBars({ item }: { item: Pick<ItemStatistics, "flags" | "choices"> }) {
  const texts = (await getOrganiserMessages()).itemStatistics;
  const aboveKey = item.flags.includes("distractorAboveKey") ? distractorsAboveKey(item.choices) : new Set<number>();
  const choices = item.choices.map((c) => ({ ...c, flagged: aboveKey.has(c.choiceId) }));
  // Scaled to the most picked choice, so even a handful of attempts shows the shape.
  const most = Math.max(1, ...choices.map((c) => c.picked));
  return (
    <svg width={WIDTH} height={choices.length * ROW} viewBox={`0 0 ${WIDTH} ${choices.length * ROW}`} role="img" className="block">
      <title>{`${texts.choices}: ${choices.map((c, i) => `${letter(i)} ${c.picked}`).join(", ")}`}</title>
      {choices.map((choice, index) => {
        const y = index * ROW;
        const width = (choice.picked / most) * BAR;
        const fill = choice.isCorrect ? "fill-green-600" : choice.flagged ? "fill-red-600" : "fill-slate-400";
        return (
          <g key={choice.choiceId} data-testid={`choice-bar-${choice.choiceId}`}>
            <title>{(choice.isCorrect ? texts.choiceBarCorrect : texts.choiceBar)({ letter: letter(index), count: choice.picked })}</title>
            <text x={0} y={y + 12} className="fill-slate-700 text-[11px] font-semibold">
              {letter(index)} <tspan className="fill-slate-500 font-normal">#{choice.choiceId}</tspan>
            </text>
            <rect x={LABEL} y={y + 2} width={Math.max(width, 1)} height={ROW - 6} rx={2} className={fill} />
            <text x={LABEL + width + 4} y={y + 12} className="fill-slate-600 text-[11px] tabular-nums">
              {choice.picked}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
