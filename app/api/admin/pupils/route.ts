import { handler } from "@/lib/api/handler";
import { searchPupils } from "@/lib/pupils/pupils";
import { pupilsQuery } from "@/lib/pupils/schema";

export const GET = handler({ auth: "organiser", query: pupilsQuery }, ({ query }) => searchPupils(query));
