// Vitest's setup: the rules' words in Uzbek (the server's default outside an API call), installed
// as instrumentation.ts installs them when the server starts.
import { installServerMessages } from "@/lib/i18n/sources";

installServerMessages();
