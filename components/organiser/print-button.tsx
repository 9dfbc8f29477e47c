// "Chop etish": the browser's print dialog for a page made to be printed (the menu is not printed).
"use client";

import { Button } from "@/components/ui/button";
import { uzOrganiser } from "@/lib/i18n/uz-organiser";

export function PrintButton() {
  return (
    <Button variant="secondary" className="print:hidden" onClick={() => window.print()}>
      {uzOrganiser.common.print}
    </Button>
  );
}
