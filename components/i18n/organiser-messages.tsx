// The console's messages on the client: the console's layout (app/admin/layout.tsx) hands over the
// visitor's console catalogue as data (only that locale's, and only on the console's pages),
// compiled here once. The console's client components read them with useOrganiserMessages().
"use client";

import { createContext, type ReactNode, use, useMemo } from "react";
import type { OrganiserCatalogue, OrganiserMessages } from "@/lib/i18n/organiser";
import { compile } from "@/shared/i18n/format";
import type { Locale } from "@/shared/i18n/locale.mjs";
import { setOrganiserMessagesSource } from "@/shared/i18n/said";
import type { uzOrganiser } from "@/shared/i18n/uz-organiser";

const OrganiserMessagesContext = createContext<OrganiserMessages | null>(null);

export function OrganiserMessagesProvider({
  locale,
  catalogue,
  children,
}: {
  locale: Locale;
  catalogue: OrganiserCatalogue;
  children: ReactNode;
}) {
  const messages = useMemo(() => compile<typeof uzOrganiser>(locale, catalogue), [locale, catalogue]);
  // The console's schemas word their errors in the page's language (shared/i18n/said.ts).
  if (typeof window !== "undefined") setOrganiserMessagesSource(() => messages);
  return <OrganiserMessagesContext value={messages}>{children}</OrganiserMessagesContext>;
}

export function useOrganiserMessages(): OrganiserMessages {
  const messages = use(OrganiserMessagesContext);
  if (!messages) throw new Error("useOrganiserMessages outside OrganiserMessagesProvider");
  return messages;
}
