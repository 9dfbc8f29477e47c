import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AttemptView } from "@/components/attempts/attempt-view";
import { appealsView } from "@/lib/appeals/appeals";
import { attemptIdQuery } from "@/lib/attempts/schema";
import { getAttempt } from "@/lib/attempts/taking";
import { now } from "@/lib/clock";
import { getLocale, getMessages } from "@/lib/i18n/server";
import { foundOr404, pupilPage } from "@/lib/identity/page-guards";

export async function generateMetadata(): Promise<Metadata> {
  const messages = await getMessages();
  return { title: messages.testAttempt.title };
}
export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ isAnswer?: string; questionNumber?: string }>;
};

export default async function AttemptPage({ params, searchParams }: Props) {
  const {
    id: userId,
    user,
    params: { id },
  } = await pupilPage(params, attemptIdQuery);
  // Another pupil's attempt, or none: the 404 page.
  const attempt = await foundOr404(getAttempt({ userId, attemptId: id }));
  const { isAnswer, questionNumber } = await searchParams;
  // An ended attempt is only ever shown read-only.
  if (attempt.isEnded && isAnswer !== "true") {
    redirect(`/test-attempt/${id}?isAnswer=true&questionNumber=${Number(questionNumber) || 1}`);
  }
  const review = attempt.isEnded;
  // The review shows the pupil's appeals below the question.
  const appeals = review ? await appealsView({ userId }, await getLocale(), now()) : null;
  return <AttemptView attempt={attempt} user={user} review={review} appeals={appeals} />;
}
