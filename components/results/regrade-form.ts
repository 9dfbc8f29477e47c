// A regrade's form values, the question it is of, and how the form checks them.
"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { type RegradeAction, regradeSchema } from "@/shared/results/schema";

export type RegradeValues = {
  questionId: number;
  /** key: a new key; also: another choice correct too; void: no choice counts. */
  action: RegradeAction;
  correctChoiceId?: number;
  voidAwards?: "all" | "none";
  reason?: string;
};

/** The question a regrade is of, as the item statistics show it. */
export type RegradeQuestion = {
  questionId: number;
  text: string;
  choices: { choiceId: number; text: string; isCorrect: boolean }[];
};

/** A choice's letter as the pupils saw it: A, B, C… */
export const letter = (index: number) => String.fromCharCode(65 + index);

/** A radio's value is its text (react-hook-form converts none): the choice's id as the schema takes it. */
export const regradeResolver: Resolver<RegradeValues> = (values, context, options) =>
  (zodResolver(regradeSchema) as unknown as Resolver<RegradeValues>)(
    { ...values, correctChoiceId: values.correctChoiceId ? Number(values.correctChoiceId) : undefined },
    context,
    options,
  );
