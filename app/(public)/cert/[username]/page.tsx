// /cert/{username}: anyone can verify a certificate; a shared link previews it (./preview).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { CertificateCard } from "@/components/certificates/certificate-card";
import { CertificateFrame } from "@/components/certificates/certificate-frame";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Result } from "@/components/ui/result";
import { verifyUrlOf } from "@/lib/certificates/certificates";
import { PREVIEW_SIZE } from "@/lib/certificates/image";
import { lookUpPublicly } from "@/lib/certificates/public";
import { certificateVersion } from "@/lib/certificates/render";
import { now } from "@/lib/clock";
import { secondStageOf } from "@/lib/final-list/final";
import { siteOrigin } from "@/lib/http/site-origin";
import { getMessages } from "@/lib/i18n/server";
import { earlier, keepThisPage, nextTashkentMidnight } from "@/lib/kept/pages";
import { tashkentDate } from "@/shared/time";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ username: string }> };

// One lookup (and one count against the limit) per request, shared by metadata and the page.
const lookUp = cache(lookUpPublicly);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const messages = await getMessages();
  const texts = messages.certificate;
  const { username } = await params;
  const { certificate } = await lookUp(username);
  const title = certificate ? texts.pageTitleOf({ fullName: certificate.fullName }) : texts.pageTitle;
  return {
    title,
    metadataBase: new URL(await siteOrigin()),
    robots: { index: false, follow: false },
    openGraph: {
      title,
      description: messages.app.title,
      url: await verifyUrlOf(username),
      type: "website",
      images: [
        {
          url: `/cert/${encodeURIComponent(username.toWellFormed())}/preview?v=${certificate ? certificateVersion(certificate) : "none"}`,
          ...PREVIEW_SIZE,
          alt: texts.pageTitle,
        },
      ],
    },
    twitter: { card: "summary_large_image", title },
  };
}

export default async function CertificatePage({ params }: Props) {
  const messages = await getMessages();
  const texts = messages.certificate;
  const { username } = await params;
  const { certificate, limited } = await lookUp(username);

  // No certificate: HTTP 404 (./not-found.tsx), unless the lookup was refused (too many).
  if (!certificate && !limited) notFound();
  // The final list names the pupil, once it is public: said under the certificate (the picture stays as it is).
  const at = now();
  const stage = certificate ? await secondStageOf(certificate.userId, at) : null;
  // Kept (lib/kept/pages.ts) until the list's minute, if it is announced, or midnight (the date it carries may come then).
  if (certificate)
    await keepThisPage({
      userIds: [certificate.userId],
      testIds: stage ? [stage.testId] : [],
      until: earlier(stage?.announcedAt ?? null, nextTashkentMidnight(at)),
    });
  return (
    <CertificateFrame>
      {certificate ? (
        <div className="flex flex-col items-center gap-4">
          <CertificateCard certificate={certificate} />
          {stage?.state === "final" && stage.selected && (
            <p
              className="w-full rounded-xl bg-green-50 px-4 py-3 text-center font-semibold text-green-900 ring-1 ring-green-300"
              data-testid="second-stage"
            >
              {texts.secondStage({ date: tashkentDate(stage.since.toISOString()) })}
            </p>
          )}
          <CopyButton value={certificate.verifyUrl} label={texts.copyLink} text={texts.copyLink} testId="copy-link" />
        </div>
      ) : (
        <Card size="bare">
          <Result status="warning" title={messages.http.tooManyRequests} />
        </Card>
      )}
    </CertificateFrame>
  );
}
