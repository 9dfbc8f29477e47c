import { handler } from "@/lib/api/handler";
import { searchRegistrations } from "@/lib/organiser/registrations";
import { registrationsQuery } from "@/lib/validation/organiser";

export const GET = handler({ auth: "organiser", query: registrationsQuery }, ({ query }) => searchRegistrations(query));
