// negotiator ships no types: the part that the front door (server/main.mjs) and
// lib/i18n/negotiate.mjs use. (@types/negotiator would do as well, as a dev dependency.)
declare module "negotiator" {
  class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The Accept-Language's languages, by preference. */
    languages(available?: string[]): string[];
    /** The Accept-Encoding's best of `available`, or undefined when none is acceptable. */
    encoding<E extends string>(available?: E[]): E | undefined;
  }
  export = Negotiator;
}
