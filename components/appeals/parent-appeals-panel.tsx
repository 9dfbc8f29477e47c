// The appeals panel as the registration page carries it: loaded only when the page shows it (a paid
// registration whose pupil has ended the test), never with the registration form, whose phone's
// JavaScript budget it would take (tests/e2e/page-weight.spec.ts).
"use client";

import dynamic from "next/dynamic";

export const ParentAppealsPanel = dynamic(() => import("./appeals-panel").then((m) => m.AppealsPanel));
