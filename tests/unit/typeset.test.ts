// The cheap phone: formulas reach the pupil typeset by the server, never as raw TeX; a formula
// that cannot be typeset is shown as its TeX in plain text and never fails the text around it.
import katex from "katex";
import { describe, expect, it, vi } from "vitest";
import { sanitizeQuestionHtml } from "@/lib/questions/sanitize";
import { formulaFault, formulaFaultIn, typesetFormulas } from "@/lib/text/typeset";

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

/** The formula that once stopped a whole subject's test: 3 000 nested groups. */
const DEEP = `${"{".repeat(3000)}x${"}".repeat(3000)}`;

describe("a formula that cannot be typeset", () => {
  it("3 000 nested groups: its TeX as plain text, the text and the other formulas typeset as ever", () => {
    const html = typesetFormulas(`<p>Hisoblang: \\(${DEEP}\\) va \\(1 + 1\\)</p>`);
    expect(html).toContain(`<p>Hisoblang: <code>${"{".repeat(3000)}x`);
    expect(html).toContain("<mn>1</mn>");
    expect(html).not.toContain("\\(");
    expect(formulaFault(DEEP)).toBe("deep");
  });

  it("bounds checked before KaTeX: length, nesting (an escaped brace is text), macros of its own", () => {
    const nested = (n: number) => `${"x^{".repeat(n)}y${"}".repeat(n)}`;
    expect(formulaFault(nested(20))).toBeNull();
    expect(formulaFault(nested(21))).toBe("deep");
    expect(formulaFault(`\\{${"\\{".repeat(40)}\\}`)).toBeNull();
    expect(formulaFault(`${"\\left(".repeat(21)}x${"\\right)".repeat(21)}`)).toBe("deep");
    expect(formulaFault("1+".repeat(501))).toBe("long");
    expect(formulaFault("\\def\\a{\\a\\a}\\a")).toBe("macro");
    expect(formulaFault("\\leftarrow \\frac{1}{2}")).toBeNull();
    expect(formulaFault("\\frac{1}")).toBe("malformed");
    expect(typesetFormulas(`<p>\\(${"1+".repeat(501)}1\\)</p>`)).toBe(`<p><code>${"1+".repeat(501)}1</code></p>`);
    expect(typesetFormulas("<p>\\(\\def\\a{b}\\a &lt; c\\)</p>")).toBe("<p><code>\\def\\a{b}\\a &lt; c</code></p>");
  });

  it("KaTeX throwing anyway (its stack overflowing) is caught per formula: that one as plain text", () => {
    const render = katex.renderToString;
    const spy = vi.spyOn(katex, "renderToString").mockImplementation((tex, options) => {
      if (tex === "a < b") throw new RangeError("Maximum call stack size exceeded");
      return render(tex, options);
    });
    try {
      const html = typesetFormulas("<p>\\(a &lt; b\\) va $$c$$</p>");
      expect(html).toMatch(/^<p><code>a &lt; b<\/code> va <span class="katex-display">/);
      expect(formulaFault("a < b")).toBe("deep");
    } finally {
      spy.mockRestore();
    }
  });

  it("the import's check finds the first such formula of a text, by the typesetter's rule", () => {
    expect(formulaFaultIn(`<p>\\(1+1\\)</p><p>$$${DEEP}$$</p>`)).toEqual({ tex: DEEP, fault: "deep" });
    expect(formulaFaultIn("<p>\\(1+1\\) va \\[\\sqrt{2}\\]</p>")).toBeNull();
    expect(formulaFaultIn("<p>Narxi $5</p>")).toBeNull();
  });
});
