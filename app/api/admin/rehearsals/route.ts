import { handler } from "@/lib/api/handler";
import { createRehearsal, lastRehearsal } from "@/lib/rehearsal/rehearsal";
import { rehearsalCreateSchema } from "@/lib/rehearsal/schema";

// `npm run ops:rehearsal`: `{ pupils, opensInSeconds }` makes the rehearsal's test and synthetic pupils.
export const POST = handler({ auth: "organiser", body: rehearsalCreateSchema }, ({ body, user }) =>
  createRehearsal({ organiserId: user.id, ...body }),
);

export const GET = handler({ auth: "organiser" }, () => lastRehearsal());
