// gift-pegjs names a main file it does not ship; its parser is imported from lib/, with its types.
declare module "gift-pegjs/lib/gift-parser.js" {
  export * from "gift-pegjs";
}
