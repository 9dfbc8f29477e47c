// Words for code the browser and the server share, worded when it runs rather than when it is
// loaded (a schema's errors, a failed call's message). Where they come from is set by an explicit
// call, never by importing a module: in the browser the page's providers set its messages
// (components/i18n/messages.tsx, components/i18n/organiser-messages.tsx); on the server
// installServerMessages() (lib/i18n/sources.ts) sets the API call's, once at start.
import type { Messages, OrganiserMessages } from "./types";

type Sources = { messages?: () => Messages; organiser?: () => OrganiserMessages };

// Kept on globalThis under a Symbol.for key, as lib/process-state.mjs keeps the server's other
// once-per-process values (this module is the browser's too, so it cannot go through that one):
// Next loads instrumentation.ts, which installs the server's sources, the route handlers and the
// pages' rendering as separate copies of each module, and every copy must read the same sources.
// Written to be small: every page of the browser carries it.
const shelf = globalThis as unknown as Record<symbol, Sources>;
const KEY = Symbol.for("olimpiada.messages");
shelf[KEY] ??= {};
const sources = shelf[KEY];

export function setMessagesSource(next: () => Messages): void {
  sources.messages = next;
}

/** The console's, likewise: its provider in the browser, lib/i18n/sources.ts on the server. */
export function setOrganiserMessagesSource(next: () => OrganiserMessages): void {
  sources.organiser = next;
}

/** The console's messages. Before a source is set (installServerMessages, OrganiserMessagesProvider) this throws. */
export function organiserMessagesNow(): OrganiserMessages {
  if (!sources.organiser) throw new Error("no console messages");
  return sources.organiser();
}

/** The messages. Before a source is set (installServerMessages, MessagesProvider) this throws. */
export function messagesNow(): Messages {
  if (!sources.messages) throw new Error("no messages");
  return sources.messages();
}

type ErrorParams = { readonly error: () => string };

/** zod's error parameters for the validation messages: `z.minLength(3, said.firstNameMin)`. */
export const said = new Proxy({} as { readonly [K in keyof Messages["validation"]]: ErrorParams }, {
  get: (_, key) => ({ error: () => messagesNow().validation[key as keyof Messages["validation"]] }),
});

/** zod's error parameters for the console's validation messages. */
export const saidToOrganiser = new Proxy({} as { readonly [K in keyof OrganiserMessages["validation"]]: ErrorParams }, {
  get: (_, key) => ({
    error: () => {
      const message = organiserMessagesNow().validation[key as keyof OrganiserMessages["validation"]];
      return typeof message === "string" ? message : "";
    },
  }),
});

/** zod's error parameters for any one of the console's messages. */
export const organiserSaysThat = (pick: (o: OrganiserMessages) => string): ErrorParams => ({ error: () => pick(organiserMessagesNow()) });

/** zod's error parameters for any one message. */
export const sayThat = (pick: (m: Messages) => string): ErrorParams => ({ error: () => pick(messagesNow()) });
