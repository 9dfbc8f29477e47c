// The /cert page's frame: the camp's name and the page's title above what was found.
import type { ReactNode } from "react";
import { PublicFrame } from "@/components/shell/public-frame";
import { getMessages } from "@/lib/i18n/server";

export async function CertificateFrame({ children }: { children: ReactNode }) {
  return <PublicFrame title={(await getMessages()).certificate.pageTitle}>{children}</PublicFrame>;
}
