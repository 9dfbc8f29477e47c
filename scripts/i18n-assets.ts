// After `next build`: each locale's messages script (lib/i18n/catalogues.ts) into our build's
// folder, .build/i18n, from where server/main.mjs sends it (brotli or as it is, immutable) and the
// attempt page's service worker keeps it for an offline reload.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BUILT_MESSAGES_DIR, messagesScripts } from "@/lib/i18n/catalogues";

mkdirSync(BUILT_MESSAGES_DIR, { recursive: true });
for (const { name, body } of messagesScripts) writeFileSync(path.join(BUILT_MESSAGES_DIR, name), body);
console.log(`Wrote ${messagesScripts.length} messages scripts to ${path.relative(process.cwd(), BUILT_MESSAGES_DIR)}.`);
