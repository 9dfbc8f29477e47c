import { handler } from "@/lib/api/handler";
import { registrationsQuery } from "@/lib/registration/schema";
import { searchRegistrations } from "@/lib/registration/search";

export const GET = handler({ auth: "organiser", query: registrationsQuery }, ({ query }) => searchRegistrations(query));
