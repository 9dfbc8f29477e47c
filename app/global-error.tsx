"use client";

import { ErrorBanner } from "@/components/ui/banners";
import "./globals.css";

export default function GlobalError() {
  return (
    <html lang="uz">
      <body>
        <main className="mx-auto flex min-h-dvh max-w-xl items-center justify-center">
          <ErrorBanner />
        </main>
      </body>
    </html>
  );
}
