// Words for code the browser and the server share, worded when it runs rather than when it is
// loaded (a schema's errors, a failed call's message): the page's messages in the browser (set by
// components/i18n/messages.tsx), the API call's on the server (set by lib/i18n/server.ts).
import type { OrganiserMessages } from "./organiser";
import type { Messages } from "./types";

let source: (() => Messages) | null = null;
let organiserSource: (() => OrganiserMessages) | null = null;

export function setMessagesSource(next: () => Messages): void {
  source = next;
}

/** The console's, likewise: its provider in the browser, lib/i18n/server.ts on the server. */
export function setOrganiserMessagesSource(next: () => OrganiserMessages): void {
  organiserSource = next;
}

export function organiserMessagesNow(): OrganiserMessages {
  if (!organiserSource) throw new Error("No console messages yet: lib/i18n/server.ts or OrganiserMessagesProvider sets them");
  return organiserSource();
}

export function messagesNow(): Messages {
  if (!source) throw new Error("No messages yet: lib/i18n/server.ts or MessagesProvider sets them");
  return source();
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
