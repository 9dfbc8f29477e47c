import type { ReactNode } from "react";
import { OrganiserMessagesProvider } from "@/components/i18n/organiser-messages";
import { AppShell } from "@/components/shell/app-shell";
import { organiserCatalogueOf } from "@/lib/i18n/organiser";
import { getLocale } from "@/lib/i18n/server";
import { requireOrganiser } from "@/lib/identity/page-guards";

// The organiser's pages: role Admin only, checked here again after middleware (403 for a pupil).
// Only these pages carry the console's texts: its catalogue, in the visitor's locale, is handed
// to the console's client components here.
export default async function OrganiserLayout({ children }: { children: ReactNode }) {
  const { user } = await requireOrganiser();
  const locale = await getLocale();
  return (
    <OrganiserMessagesProvider locale={locale} catalogue={organiserCatalogueOf(locale)}>
      <AppShell user={user}>{children}</AppShell>
    </OrganiserMessagesProvider>
  );
}
