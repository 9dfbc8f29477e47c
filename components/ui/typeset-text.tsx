// Question-bank HTML with its formulas typeset on the server (lib/text/typeset.ts), for the
// console's server-rendered pages: no raw TeX shows before the page's script runs, and RichText
// finds nothing left for KaTeX's script to do. A server component.
import type { ComponentProps } from "react";
import { typesetFormulas } from "@/lib/text/typeset";
import { RichText } from "./rich-text";

export function TypesetText({ html, ...props }: ComponentProps<typeof RichText>) {
  return <RichText html={typesetFormulas(html)} {...props} />;
}
