// gift-pegjs ships its parser as an ES module (lib/gift-parser.js, which the GIFT worker loads)
// without a declaration of its own: it is the parser the package's index.d.ts describes.
declare module "gift-pegjs/lib/gift-parser.js" {
  export { parse } from "gift-pegjs";
}
