// /lists/{hash}: anyone checks a final list by its published hash (the protocol's QR code opens it,
// `?district=` for one district's pupils). No sign-in; not indexed. Before the list's minute it names no pupil.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { FinalListCheck, FinalListFrame, FinalListNotYet } from "@/components/final-list/final-list-check";
import { now } from "@/lib/clock";
import { finalListByHash } from "@/lib/final-list/final";
import { districtLists, listHashParams, listQuery } from "@/lib/final-list/protocol";
import { listIsPublic } from "@/lib/final-list/public";
import { getLocale, getLocalName, getMessages } from "@/lib/i18n/server";
import { keepThisPage } from "@/lib/kept/pages";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ hash: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const messages = await getMessages();
  return { title: messages.finalList.pageTitle, robots: { index: false, follow: false } };
}

export default async function FinalListPage({ params, searchParams }: Props) {
  const parsed = listHashParams.safeParse(await params);
  if (!parsed.success) notFound();
  const query = listQuery.safeParse(await searchParams);
  const districtId = query.success ? query.data.district : undefined;
  const [list, messages, locale, local] = await Promise.all([
    finalListByHash(parsed.data.hash),
    getMessages(),
    getLocale(),
    getLocalName(),
  ]);
  // No such list: HTTP 404 (./not-found.tsx).
  if (!list) notFound();
  const at = now();
  const isPublic = listIsPublic(list, at);
  // Kept (lib/kept/pages.ts): what was published stays as it is; the page before the minute, until the minute.
  await keepThisPage({ testIds: [list.testId], until: isPublic ? null : list.resultsAt });
  // Before the list's minute: what it is of and when it comes out, no pupil.
  if (!isPublic)
    return (
      <FinalListFrame>
        <FinalListNotYet messages={messages} local={local} list={list} />
      </FinalListFrame>
    );
  const districts = districtLists(list.rows, locale, local).filter((d) => districtId === undefined || d.districtId === districtId);
  return (
    <FinalListFrame>
      <FinalListCheck messages={messages} locale={locale} local={local} list={list} districts={districts} districtId={districtId} />
    </FinalListFrame>
  );
}
