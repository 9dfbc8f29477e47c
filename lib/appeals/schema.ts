// The appeals' requests read on the server: the family's, by the registration's link (its guid).
import "server-only";
import { z } from "zod";
import { uuid } from "@/shared/validation/fields";

export const familyAppealsQuery = z.object({ guid: uuid });
