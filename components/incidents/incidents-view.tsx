// "Nosozliklar" (issue 26): extra minutes for every running attempt of a test (or of a region or
// a district) at once (extra-time-form.tsx), and the notices every pupil's page and /holat show.
"use client";

import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { ExtraTime, type OpenTest } from "@/components/pupils/extra-time-form";
import { Card } from "@/components/ui/card";
import type { Notice } from "@/lib/incidents/incidents";
import type { District, Region } from "@/lib/reference/types";
import { CurrentNotices } from "./current-notices";
import { NoticeForm } from "./notice-form";

export function IncidentsView({
  tests,
  regions,
  districts,
  notices,
}: {
  tests: OpenTest[];
  regions: Region[];
  districts: District[];
  notices: Notice[];
}) {
  return (
    <div className="flex flex-col gap-4">
      <ExtraTime tests={tests} regions={regions} districts={districts} />
      <Notices notices={notices} />
    </div>
  );
}

/** The notices: a new one to post, and those shown now. */
function Notices({ notices }: { notices: Notice[] }) {
  const texts = useOrganiserMessages().incidents;
  return (
    <Card size="panel" as="section" aria-labelledby="notice-title">
      <h2 id="notice-title" className="text-lg font-semibold">
        {texts.noticeTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {texts.noticeLead}{" "}
        <a href="/holat" target="_blank" rel="noreferrer" className="font-medium text-primary-700 underline">
          {texts.statusPage}
        </a>
      </p>
      <NoticeForm />
      <CurrentNotices notices={notices} />
    </Card>
  );
}
