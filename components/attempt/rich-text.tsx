// Question-bank HTML (sanitised on import) with its TeX formulas typeset by KaTeX.
"use client";

import renderMathInElement from "katex/contrib/auto-render";
import "katex/dist/katex.min.css";
import { memo, useEffect, useMemo, useRef } from "react";

const DELIMITERS = [
  { left: "$$", right: "$$", display: true },
  { left: "\\[", right: "\\]", display: true },
  { left: "\\(", right: "\\)", display: false },
];

type Props = { html: string; className?: string; as?: "div" | "span" };

export const RichText = memo(function RichText({ html, className = "", as: Tag = "div" }: Props) {
  const ref = useRef<HTMLElement>(null);
  // A stable object: React 19 rewrites innerHTML whenever this prop's identity changes, which
  // would wipe the typeset formulas on every re-render of the page.
  const inner = useMemo(() => ({ __html: html }), [html]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: typeset again whenever the HTML was replaced
  useEffect(() => {
    if (ref.current) renderMathInElement(ref.current, { delimiters: DELIMITERS, throwOnError: false });
  }, [inner]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: question HTML is sanitised on import (sanitize-html), and only ours is rendered
  return <Tag ref={ref as never} className={`rich-text ${className}`} dangerouslySetInnerHTML={inner} />;
});
