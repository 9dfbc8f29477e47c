import { handler } from "@/lib/api/handler";
import { createOrganiser, listOrganisers } from "@/lib/organisers/organisers";
import { organiserSchema } from "@/shared/organisers/schema";

export const GET = handler({ auth: "organiser" }, async () => ({ items: await listOrganisers() }));

// A new organiser (the head organiser only): `{ username, firstName, lastName, reason }` →
// `{ userId, username, password }` (shown once).
export const POST = handler({ auth: "organiser", body: organiserSchema }, ({ body, user }) =>
  createOrganiser({ organiserId: user.id, input: body }),
);
