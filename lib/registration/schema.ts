// Schemas of the organiser's reading of registrations and payments: the search, and one
// registration by its guid. A parent's registration: shared/registration/schema.ts.
import "server-only";
import { z } from "zod";
import { page, search } from "@/lib/validation/queries";
import { PaymentProvider } from "@/shared/payments/enums";
import { RegistrationStatus } from "@/shared/registration/status";
import { queryId } from "@/shared/validation/fields";

export const guidParams = z.object({ guid: z.string().uuid() });
export const registrationsQuery = z.object({
  q: search,
  status: z.coerce
    .number()
    .pipe(z.union([z.literal(RegistrationStatus.Registered), z.literal(RegistrationStatus.Paid)]))
    .optional(),
  regionId: z.optional(queryId),
  districtId: z.optional(queryId),
  provider: z.enum([PaymentProvider.Payme, PaymentProvider.Click, PaymentProvider.Card]).optional(),
  page,
});
