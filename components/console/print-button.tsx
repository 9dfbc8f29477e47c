// "Chop etish": the browser's print dialog for a page made to be printed (the menu is not printed).
"use client";

import { useOrganiserMessages } from "@/components/i18n/organiser-messages";
import { Button } from "@/components/ui/button";

export function PrintButton() {
  const common = useOrganiserMessages().common;
  return (
    <Button variant="secondary" className="print:hidden" onClick={() => window.print()}>
      {common.print}
    </Button>
  );
}
