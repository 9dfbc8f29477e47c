// Question-bank HTML is kept to a safe subset: text formatting, sub/superscripts, lists, tables,
// images. Formulas are TeX between \( \) or $$ $$ in the text, which the page typesets.
import "server-only";
import sanitizeHtml from "sanitize-html";
import { formulaFaultIn } from "@/lib/text/typeset";
import type { ValidationErrors } from "@/shared/http/contract";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "b",
    "strong",
    "i",
    "em",
    "u",
    "s",
    "sub",
    "sup",
    "span",
    "div",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "table",
    "caption",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "img",
    "h3",
    "h4",
    "hr",
  ],
  allowedAttributes: { img: ["src", "alt", "width", "height"], td: ["colspan", "rowspan"], th: ["colspan", "rowspan"] },
  allowedSchemes: ["https", "data"],
  allowedSchemesByTag: { img: ["https", "data"] },
  disallowedTagsMode: "discard",
};

export function sanitizeQuestionHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * Whether every image of sanitised HTML says what it shows (`alt`, not blank): a pupil who cannot
 * see it hears it (WCAG 1.1.1). Sanitised HTML writes attributes in double quotes, `"` escaped.
 */
export function imagesDescribed(html: string): boolean {
  return (html.match(/<img\b[^>]*>/gi) ?? []).every((tag) => /\salt="[^"]*\S[^"]*"/.test(tag));
}

/**
 * Sanitises question HTML, collecting an error per path: text that is nothing but markup is an
 * error of that item (Required), not an empty question; an image without its `alt` is refused
 * (ImageAlt), and so is a formula the typesetter would show as plain text (Formula: too long, too
 * deep, defining macros or malformed), by the typesetter's own rule.
 */
export function sanitiser() {
  const errors: ValidationErrors = {};
  const clean = (text: string, path: string) => {
    const result = sanitizeQuestionHtml(text);
    if (result === "") errors[path] = ["Required"];
    else if (!imagesDescribed(result)) errors[path] = ["ImageAlt"];
    else if (formulaFaultIn(result)) errors[path] = ["Formula"];
    return result;
  };
  return { errors, clean };
}
