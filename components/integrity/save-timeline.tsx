// Both pupils' saves on one axis, minutes from the test's opening (A blue, B violet): answers saved together show as
// marks on the same vertical; a matching answer's marks are joined. Drawn on the server (SVG), no script.
import type { SheetSave } from "@/lib/integrity/decisions";

type Props = {
  a: SheetSave[];
  b: SheetSave[];
  /** Question ids both answered alike (the same final choice). */
  matching: ReadonlySet<number>;
  labels: { a: string; b: string; axis: string; minutes: (n: number) => string };
};

const ROW = 44;

/** The drawing at one width: the wide one for a computer, a narrow one with fewer ticks for a phone. */
function Drawing({ a, b, matching, labels, width, maxTicks, className }: Props & { width: number; maxTicks: number; className: string }) {
  // The axis spans the saves (a test open for days would squash them), from a whole tick before
  // the first to the last; ticks at a round number of minutes, `maxTicks` at most.
  const times = [...a, ...b].map((s) => s.at);
  const span = Math.max(60_000, Math.max(...times, 0) - Math.min(...times, 0));
  const stepMinutes =
    [1, 2, 5, 10, 15, 30, 60, 120, 240, 360, 720, 1440, 2880, 10080].find((step) => span / 60_000 / step <= maxTicks) ?? 10080;
  const step = stepMinutes * 60_000;
  const first = Math.floor(Math.min(...times, 0) / step) * step;
  const last = Math.max(first + step, Math.ceil(Math.max(...times, 0) / step) * step);
  // A margin for the first and last ticks' labels, centred on them.
  const x = (at: number) => 28 + ((at - first) / (last - first)) * (width - 56);
  const ticks = Array.from({ length: Math.round((last - first) / step) + 1 }, (_, i) => first + i * step);
  // The final save of each matching answer, joined across the two rows.
  const finalOf = (saves: SheetSave[]) => new Map(saves.map((s) => [s.questionId, s.at]));
  const [finalA, finalB] = [finalOf(a), finalOf(b)];
  return (
    <svg viewBox={`0 0 ${width} ${ROW * 2 + 40}`} className={`mt-2 w-full ${className}`} role="img" aria-label={`${labels.a}; ${labels.b}`}>
      {ticks.map((at) => (
        <g key={at}>
          <line x1={x(at)} x2={x(at)} y1={8} y2={ROW * 2 + 14} stroke="#e2e8f0" />
          <text x={x(at)} y={ROW * 2 + 32} fontSize="12" textAnchor="middle" fill="#475569">
            {labels.minutes(Math.round(at / 60_000))}
          </text>
        </g>
      ))}
      {[...matching].map((questionId) =>
        finalA.has(questionId) && finalB.has(questionId) ? (
          <line
            key={questionId}
            x1={x(finalA.get(questionId) as number)}
            x2={x(finalB.get(questionId) as number)}
            y1={ROW / 2 + 8}
            y2={ROW + ROW / 2 + 8}
            stroke="#dc2626"
            strokeOpacity="0.45"
          />
        ) : null,
      )}
      {[
        { saves: a, y: ROW / 2 + 8, color: "#1d4ed8" },
        { saves: b, y: ROW + ROW / 2 + 8, color: "#7c3aed" },
      ].map(({ saves, y, color }) =>
        saves.map((s) => <circle key={`${y}-${s.questionId}-${s.at}`} cx={x(s.at)} cy={y} r={4} fill={color} fillOpacity="0.8" />),
      )}
    </svg>
  );
}

export function SaveTimeline(props: Props) {
  const { labels } = props;
  // The whole axis fits any screen: a phone gets the narrow drawing (its labels as large), never a cut one.
  return (
    <figure data-testid="save-timeline">
      <figcaption className="text-sm font-medium text-slate-700">{labels.axis}</figcaption>
      <Drawing {...props} width={400} maxTicks={5} className="sm:hidden" />
      <Drawing {...props} width={1000} maxTicks={10} className="hidden sm:block" />
      <ul className="mt-1 flex flex-wrap gap-x-4 text-xs text-slate-700">
        <li>
          <span aria-hidden className="mr-1 inline-block size-2 rounded-full bg-blue-700" />
          {labels.a}
        </li>
        <li>
          <span aria-hidden className="mr-1 inline-block size-2 rounded-full bg-violet-600" />
          {labels.b}
        </li>
      </ul>
    </figure>
  );
}
