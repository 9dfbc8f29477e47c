import { handler } from "@/lib/api/handler";
import { getRegisterStatus } from "@/lib/registration/registration";
import { registerStatusQuery } from "@/lib/validation/registration";

export const GET = handler({ auth: "public", query: registerStatusQuery }, ({ query }) => getRegisterStatus(query));
