// Types of bench/js-weight.mjs, for the suite's budget check.
import type { Page } from "@playwright/test";

export type Script = { url: string; sent: number; raw: number };
export const JS_BUDGET_KB: number;
export function pageScripts(page: Page, url: string): Promise<Script[]>;
export function totalKB(scripts: Script[]): { sent: number; raw: number };
export const COLD_CONTEXT: { serviceWorkers: "block" };
