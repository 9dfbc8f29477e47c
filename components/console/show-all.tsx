// The link to a long list's every item (first-of.ts), while some are held back.
"use client";

import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { LinkButton } from "@/components/ui/button";
import { FIRST_SHOWN } from "./first-of";

export function ShowAll({ total, all }: { total: number; all: boolean }) {
  const common = useOrganiserMessages().common;
  if (all || total <= FIRST_SHOWN) return null;
  return (
    <LinkButton variant="secondary" className="self-center" href="?all=1" data-testid="show-all">
      {common.showAll({ n: total })}
    </LinkButton>
  );
}
