// The attempt id repeated over the question area (gap 100 × 100, rotated −22°), so a photo of a
// question tells whose attempt it came from. It never takes a tap.
const GAP = 100;
const ROTATION = -22;

export function Watermark({ attemptId }: { attemptId: number }) {
  const text = `#${attemptId}`;
  const width = text.length * 11 + GAP;
  const height = 20 + GAP;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<text x="${width / 2}" y="${height / 2}" text-anchor="middle" font-family="sans-serif" font-size="16" ` +
    `fill="rgba(15,31,85,0.07)" transform="rotate(${ROTATION} ${width / 2} ${height / 2})">${text}</text></svg>`;
  return (
    <div
      aria-hidden
      data-testid="watermark"
      data-attempt-id={attemptId}
      className="pointer-events-none absolute inset-0 z-10 select-none"
      style={{ backgroundImage: `url("data:image/svg+xml;utf8,${encodeURIComponent(svg)}")`, backgroundRepeat: "repeat" }}
    />
  );
}
