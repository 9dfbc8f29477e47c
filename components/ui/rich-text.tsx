// Question-bank HTML (sanitised on import). For pupils its formulas come typeset by the server
// (lib/text/typeset.ts), so this page needs KaTeX's stylesheet only; where TeX is still in the
// text (the organiser's bank and statistics), KaTeX's script is loaded then, and only there.
"use client";

import "katex/dist/katex.min.css";
import { memo, useEffect, useMemo, useRef } from "react";

const DELIMITERS = [
  { left: "$$", right: "$$", display: true },
  { left: "\\[", right: "\\]", display: true },
  { left: "\\(", right: "\\)", display: false },
];
const HAS_TEX = /\$\$|\\\(|\\\[/;

type Props = { html: string; className?: string; as?: "div" | "span" };

export const RichText = memo(function RichText({ html, className = "", as: Tag = "div" }: Props) {
  const ref = useRef<HTMLElement>(null);
  // A stable object: React 19 rewrites innerHTML whenever this prop's identity changes, which
  // would wipe the typeset formulas on every re-render of the page.
  const inner = useMemo(() => ({ __html: html }), [html]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: typeset again whenever the HTML was replaced
  useEffect(() => {
    const element = ref.current;
    if (!element || !HAS_TEX.test(element.textContent ?? "")) return;
    void import("katex/contrib/auto-render").then(({ default: renderMathInElement }) =>
      renderMathInElement(element, { delimiters: DELIMITERS, throwOnError: false }),
    );
  }, [inner]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: question HTML is sanitised on import (sanitize-html), and only ours is rendered
  return <Tag ref={ref as never} className={`rich-text ${className}`} dangerouslySetInnerHTML={inner} />;
});
