// The pupil's appeals (not the spec's): what the review and result pages show of them, and an appeal made or edited.
import { handler } from "@/lib/api/handler";
import { appealWrites } from "@/lib/appeals/appeal-limit";
import { appealsView, submitAppeal } from "@/lib/appeals/appeals";
import { now } from "@/lib/clock";
import { notFound } from "@/lib/http/errors";
import { callLocaleNow } from "@/lib/i18n/server";
import { appealSchema } from "@/shared/appeals/schema";

export const GET = handler(
  { auth: "pupil" },
  async ({ user }) => (await appealsView({ userId: user.id }, callLocaleNow(), now())) ?? notFound(),
);

export const POST = handler({ auth: "pupil", body: appealSchema, limit: { limiter: appealWrites, per: "user" } }, ({ user, body }) =>
  submitAppeal({ userId: user.id }, body, callLocaleNow(), now()),
);
