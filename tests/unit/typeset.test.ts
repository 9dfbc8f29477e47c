// The cheap phone: formulas reach the pupil typeset by the server, never as raw TeX.
import { describe, expect, it } from "vitest";
import { typesetFormulas } from "@/lib/attempts/typeset";
import { sanitizeQuestionHtml } from "@/lib/questions/sanitize";

describe("typesetFormulas", () => {
  it("typesets inline and display formulas in the text and leaves the markup as it is", () => {
    const html = typesetFormulas(sanitizeQuestionHtml('<p title="x">Hisoblang: \\(108 + 46\\)</p><p>$$\\frac{a}{b}$$</p>'));
    expect(html).toMatch(/^<p>Hisoblang: <span class="katex">/);
    expect(html).toContain('class="katex-display"');
    expect(html).not.toContain("\\(");
    expect(html).not.toContain("$$");
    expect(html).toContain("<mn>108</mn>");
  });

  it("reads escaped characters in a formula as TeX (a < b), and never lets a formula write markup", () => {
    const html = typesetFormulas(sanitizeQuestionHtml("<p>\\(a &lt; b\\) va \\(\\text{&lt;script&gt;alert(1)&lt;/script&gt;}\\)</p>"));
    expect(html).toContain("<mo>&lt;</mo>");
    expect(html).not.toContain("<script");
    expect(html).toContain("&lt;script&gt;");
  });

  it("shows a broken formula as KaTeX's error, not as a crash; text without TeX is unchanged", () => {
    expect(typesetFormulas("<p>\\(\\frac{1}\\)</p>")).toContain("katex-error");
    expect(typesetFormulas("<p>Narxi $5 va $6</p>")).toBe("<p>Narxi $5 va $6</p>");
  });
});
