// The result and the appeals panel as the registration page carries them: loaded only when the page
// shows them (a paid registration whose pupil has ended the test), never with the registration
// form, whose phone's JavaScript budget they would take (tests/e2e/page-weight.spec.ts).
"use client";

import dynamic from "next/dynamic";

export const ParentAppealsPanel = dynamic(() => import("./appeals-panel").then((m) => m.AppealsPanel));

export const FamilyResultPanel = dynamic(() => import("./family-result").then((m) => m.FamilyResultView));
