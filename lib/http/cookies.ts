// The cookies a route reads and sets, as the route wrapper (lib/api/handler.ts) hands them to the
// domain: sign-in sets its session and device cookies without touching a Request or a Response.
import "server-only";
import type { NextResponse } from "next/server";

export type CookieOptions = NonNullable<Parameters<NextResponse["cookies"]["set"]>[2]>;

export type Cookies = {
  get(name: string): string | undefined;
  set(name: string, value: string, options: CookieOptions): void;
};
