import { handler } from "@/lib/api/handler";
import { decide } from "@/lib/integrity/decisions";
import { decisionSchema } from "@/shared/integrity/schema";

export const POST = handler({ auth: "organiser", body: decisionSchema }, ({ body, user }) => decide({ organiserId: user.id, input: body }));
