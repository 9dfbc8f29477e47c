import { handler } from "@/lib/api/handler";
import { createRehearsal, lastRehearsal } from "@/lib/organiser/rehearsal";
import { rehearsalCreateSchema } from "@/lib/validation/rehearsal";

// `npm run rehearsal`: `{ pupils, opensInSeconds }` makes the rehearsal's test and synthetic pupils.
export const POST = handler({ auth: "organiser", body: rehearsalCreateSchema }, ({ body, user }) =>
  createRehearsal({ organiserId: user.id, ...body }),
);

export const GET = handler({ auth: "organiser" }, () => lastRehearsal());
