// The server's words for the code it shares with the browser (shared/i18n/said.ts: a schema's
// errors, a failed call's message): the API call's language, Uzbek outside a call. Installed by an
// explicit call when a process starts, never as a side effect of an import: instrumentation.ts's
// register() for the server, tests/support/messages.ts for the unit tests.
import "server-only";
import { setMessagesSource, setOrganiserMessagesSource } from "@/shared/i18n/said";
import { organiserMessagesOf } from "./organiser";
import { callLocaleNow, callMessages } from "./server";

export function installServerMessages(): void {
  setMessagesSource(callMessages);
  setOrganiserMessagesSource(() => organiserMessagesOf(callLocaleNow()));
}
