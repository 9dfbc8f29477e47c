import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { AttemptView } from "@/components/attempt/attempt-view";
import { getAttempt } from "@/lib/attempts/taking";
import { AppError } from "@/lib/http/errors";
import { uz } from "@/lib/i18n/uz";
import { requirePupil } from "@/lib/identity/page-guards";

export const metadata: Metadata = { title: uz.testAttempt.title };
export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ isAnswer?: string; questionNumber?: string }>;
};

export default async function AttemptPage({ params, searchParams }: Props) {
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  const { id: userId, user } = await requirePupil();
  const attempt = await getAttempt({ userId, attemptId: Number(id) }).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) notFound(); // another pupil's, or none
    throw error;
  });
  const { isAnswer, questionNumber } = await searchParams;
  // An ended attempt is only ever shown read-only.
  if (attempt.isEnded && isAnswer !== "true") {
    redirect(`/test-attempt/${id}?isAnswer=true&questionNumber=${Number(questionNumber) || 1}`);
  }
  return <AttemptView attempt={attempt} user={user} review={attempt.isEnded} />;
}
