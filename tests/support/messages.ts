// Vitest's setup: the rules' words in Uzbek (the server's default outside an API call), as
// lib/i18n/server.ts sets them in the app.
import "@/lib/i18n/server";
