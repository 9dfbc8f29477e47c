// A filter's select that shows its choice at once: the plain GET form is sent when it changes
// (the address stays the search; without JavaScript the form's button still sends it).
"use client";

import type { ComponentProps } from "react";
import { Select } from "@/components/ui/field";

export function SubmitOnChange(props: ComponentProps<typeof Select>) {
  return <Select {...props} onChange={(event) => event.currentTarget.form?.requestSubmit()} />;
}
