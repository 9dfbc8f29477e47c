import { handler } from "@/lib/api/handler";
import { searchPupils } from "@/lib/organiser/pupils";
import { pupilsQuery } from "@/lib/validation/organiser";

export const GET = handler({ auth: "organiser", query: pupilsQuery }, ({ query }) => searchPupils(query));
