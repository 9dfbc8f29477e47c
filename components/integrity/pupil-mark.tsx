// Which pupil of a screened pair a line is about: A (the lower attempt id, blue) or B (violet), as
// on their cards, the questions and the timeline of the evidence sheet.

export function PupilMark({ who }: { who: "A" | "B" }) {
  return (
    <span
      className={`inline-flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white ${who === "A" ? "bg-blue-700" : "bg-violet-600"}`}
    >
      {who}
    </span>
  );
}
