import { z } from "zod";
import { handler } from "@/lib/http/handler";
import { assertTestSupport } from "@/lib/testing/guard";
import { createTestPupil } from "@/lib/testing/pupils";

const body = z.object({
  grade: z.number().int().min(5).max(9).optional(),
  subject: z.string().optional(),
  subjectId: z.number().int().positive().optional(),
  paid: z.boolean().optional(),
  extraMinutes: z.number().int().min(0).max(600).optional(),
  names: z.object({ firstName: z.string(), lastName: z.string(), middleName: z.string().optional() }).optional(),
});

export const POST = handler({ body, crossOrigin: true }, async ({ body, request }) => {
  assertTestSupport(request);
  return createTestPupil(body);
});
