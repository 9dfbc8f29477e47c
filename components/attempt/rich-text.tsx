// Question-bank HTML (sanitised on import) with its TeX formulas typeset by KaTeX.
"use client";

import renderMathInElement from "katex/contrib/auto-render";
import "katex/dist/katex.min.css";
import { useEffect, useRef } from "react";

const DELIMITERS = [
  { left: "$$", right: "$$", display: true },
  { left: "\\[", right: "\\]", display: true },
  { left: "\\(", right: "\\)", display: false },
];

export function RichText({ html, className = "", as: Tag = "div" }: { html: string; className?: string; as?: "div" | "span" }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (ref.current) renderMathInElement(ref.current, { delimiters: DELIMITERS, throwOnError: false });
  }, [html]);
  return <Tag ref={ref as never} className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
