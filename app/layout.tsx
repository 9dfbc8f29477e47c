import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { Providers } from "@/components/providers";
import { uz } from "@/lib/i18n/uz";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: uz.app.title, template: `%s · ${uz.app.name}` },
  description: uz.app.description,
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#1e40af",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request, so Next can put this request's CSP nonce (set by
  // middleware.ts) on its scripts; a prerendered page's scripts would carry none and not run.
  await headers();
  return (
    <html lang="uz">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
