// Formulas typeset on the server (the cheap phone): the question bank's HTML keeps
// TeX between \( \), \[ \] or $$ $$ in its text, and the pupil's browser gets it as KaTeX's HTML,
// so it needs KaTeX's stylesheet and fonts, never its 77 KB of script, and never shows raw TeX.
import "server-only";
import { decodeHTML } from "entities";
import katex from "katex";

// The same delimiters as KaTeX's auto-render, display ones first.
const FORMULA = /\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\]|\\\(([\s\S]+?)\\\)/g;
// Sanitised HTML (lib/questions/sanitize.ts) escapes < and > in text and attribute values alike,
// so a tag is exactly a run from < to >: what lies between is text, where formulas are.
const TAG = /(<[^>]*>)/;

/** `html` (sanitised) with every formula in its text replaced by KaTeX's HTML. */
export function typesetFormulas(html: string): string {
  if (!html.includes("$$") && !html.includes("\\(") && !html.includes("\\[")) return html;
  return html
    .split(TAG)
    .map((part) =>
      part.startsWith("<")
        ? part
        : part.replace(FORMULA, (_match, display?: string, block?: string, inline?: string) =>
            katex.renderToString(decodeHTML(display ?? block ?? inline ?? ""), {
              displayMode: inline === undefined,
              throwOnError: false,
              output: "htmlAndMathml",
            }),
          ),
    )
    .join("");
}
