// Formulas typeset on the server (the cheap phone): the question bank's HTML keeps TeX between
// \( \), \[ \] or $$ $$ in its text, and the pupil's browser gets it as KaTeX's HTML. Each formula
// is typeset on its own within bounds checked before KaTeX is called; one out of bounds, or one KaTeX
// still fails on, is shown as its TeX in plain text. Why, and the same rule on import and edit:
// docs/phones.md#weight
import "server-only";
import { decodeHTML, escapeUTF8 } from "entities";
import katex from "katex";

// The same delimiters as KaTeX's auto-render, display ones first.
const FORMULA = /\$\$([\s\S]+?)\$\$|\\\[([\s\S]+?)\\\]|\\\(([\s\S]+?)\\\)/g;
// Sanitised HTML (lib/questions/sanitize.ts) escapes < and > in text and attribute values alike,
// so a tag is exactly a run from < to >: what lies between is text, where formulas are.
const TAG = /(<[^>]*>)/;

/**
 * A formula's bounds: its TeX's length and how deep its groups nest. A school formula is well
 * within both; KaTeX overflows Node's stack from some 600 nested groups (x^{x^{…}}).
 */
export const FORMULA_LIMITS = { length: 1_000, depth: 20 } as const;
/** KaTeX caps every size a formula asks for (\rule{500em}{500em}) at this many em. */
const MAX_SIZE_EM = 20;

/** TeX's macro definitions: a formula's own macros could expand it past any bound. */
const DEFINITION = /\\(?:[egx]?def|let|futurelet|global|long|(?:re)?newcommand|providecommand)(?![a-zA-Z])/;
/** What opens or closes a group, or an escaped character (\{ is a brace as text). */
const GROUPING = /\\(?:left|right|begin|end)(?![a-zA-Z])|\\[\s\S]|[{}]/g;

/** Why a formula is not typeset: too long, nested too deep, defining macros, or malformed. */
export type FormulaFault = "long" | "deep" | "macro" | "malformed";

/** How deep the formula's groups nest: braces, \left…\right and \begin…\end. */
function depthOf(tex: string): number {
  let depth = 0;
  let deepest = 0;
  for (const [token] of tex.matchAll(GROUPING)) {
    if (token === "{" || token === "\\left" || token === "\\begin") deepest = Math.max(deepest, ++depth);
    else if (token === "}" || token === "\\right" || token === "\\end") depth = Math.max(0, depth - 1);
  }
  return deepest;
}

/** The bounds, checked before KaTeX is called: the fault, or null when KaTeX may try it. */
function outOfBounds(tex: string): FormulaFault | null {
  if (depthOf(tex) > FORMULA_LIMITS.depth) return "deep";
  if (tex.length > FORMULA_LIMITS.length) return "long";
  if (DEFINITION.test(tex)) return "macro";
  return null;
}

const render = (tex: string, displayMode: boolean, throwOnError: boolean) =>
  katex.renderToString(tex, { displayMode, throwOnError, output: "htmlAndMathml", maxSize: MAX_SIZE_EM });

/**
 * Why this TeX cannot be typeset, or null: the bounds, then KaTeX itself (a ParseError is a
 * malformed formula; anything else it throws, its stack overflowing, a formula too deep).
 */
export function formulaFault(tex: string, displayMode = false): FormulaFault | null {
  const bounds = outOfBounds(tex);
  if (bounds) return bounds;
  try {
    render(tex, displayMode, true);
    return null;
  } catch (error) {
    return error instanceof katex.ParseError ? "malformed" : "deep";
  }
}

/** A formula as plain text: its TeX, without the delimiters (nothing left for a page's script to typeset). */
const asText = (tex: string) => `<code>${escapeUTF8(tex)}</code>`;

/**
 * One formula as HTML: KaTeX's (a malformed one as KaTeX's own error, its TeX in red), or its TeX
 * as plain text when out of bounds or when KaTeX throws anyway.
 */
function typesetOne(tex: string, displayMode: boolean): string {
  if (outOfBounds(tex)) return asText(tex);
  try {
    return render(tex, displayMode, false);
  } catch {
    return asText(tex);
  }
}

/** `html` (sanitised) with each formula of its text replaced by `replace` (its TeX decoded). */
function eachFormula(html: string, replace: (tex: string, displayMode: boolean) => string): string {
  if (!html.includes("$$") && !html.includes("\\(") && !html.includes("\\[")) return html;
  return html
    .split(TAG)
    .map((part) =>
      part.startsWith("<")
        ? part
        : part.replace(FORMULA, (_match, display?: string, block?: string, inline?: string) =>
            replace(decodeHTML(display ?? block ?? inline ?? ""), inline === undefined),
          ),
    )
    .join("");
}

/** `html` (sanitised) with every formula in its text replaced by KaTeX's HTML, each on its own. */
export function typesetFormulas(html: string): string {
  return eachFormula(html, typesetOne);
}

/** The first formula of `html` (sanitised) that cannot be typeset, and why; null if every one can. */
export function formulaFaultIn(html: string): { tex: string; fault: FormulaFault } | null {
  let found: { tex: string; fault: FormulaFault } | null = null;
  eachFormula(html, (tex, displayMode) => {
    const fault = found ? null : formulaFault(tex, displayMode);
    if (fault) found = { tex, fault };
    return "";
  });
  return found;
}
