// The parent's appeals through the registration's link (not the spec's): its guid is the parent's secret.
import { z } from "zod";
import { handler } from "@/lib/api/handler";
import { appealWrites, appealWritesPerAddress } from "@/lib/appeals/appeal-limit";
import { appealsView, submitAppeal } from "@/lib/appeals/appeals";
import { now } from "@/lib/clock";
import { notFound } from "@/lib/http/errors";
import { callLocaleNow } from "@/lib/i18n/server";
import { parentAppealSchema } from "@/shared/appeals/schema";
import { uuid } from "@/shared/validation/fields";

const query = z.object({ guid: uuid });

export const GET = handler({ auth: "public", query }, async ({ query }) => {
  const view = await appealsView({ guid: query.guid.toLowerCase() }, callLocaleNow(), now());
  if (!view) throw notFound();
  return view;
});

export const POST = handler(
  {
    auth: "public",
    body: parentAppealSchema,
    limit: { limiter: appealWritesPerAddress, per: "address" },
    limitPerBody: { limiter: appealWrites, key: (body) => body.guid.toLowerCase() },
  },
  ({ body: { guid, ...appeal } }) => submitAppeal({ guid: guid.toLowerCase() }, appeal, callLocaleNow(), now()),
);
