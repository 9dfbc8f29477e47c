import { handler } from "@/lib/api/handler";
import { setAppealsClose } from "@/lib/appeals/close";
import { invalidInput } from "@/lib/http/errors";
import { testIdParams } from "@/lib/subject-tests/schema";
import { appealsCloseSchema } from "@/shared/appeals/console";
import { fromTashkentText } from "@/shared/time";

export const PUT = handler({ auth: "organiser", params: testIdParams, body: appealsCloseSchema }, async ({ params, body, user }) => {
  const at = body.appealsCloseAt === null || body.appealsCloseAt.trim() === "" ? null : fromTashkentText(body.appealsCloseAt);
  if (at === null && body.appealsCloseAt !== null && body.appealsCloseAt.trim() !== "") throw invalidInput({ appealsCloseAt: ["Pattern"] });
  await setAppealsClose({
    organiserId: user.id,
    testId: params.testId,
    appealsCloseAt: at === null ? null : new Date(at),
    reason: body.reason,
    confirmEarlier: body.confirmEarlier,
  });
  return { ok: true };
});
