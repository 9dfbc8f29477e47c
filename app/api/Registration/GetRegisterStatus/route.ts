import { handler } from "@/lib/api/handler";
import { getRegisterStatus } from "@/lib/registration/registration";
import { registerStatusQuery } from "@/shared/registration/schema";

export const GET = handler({ auth: "public", query: registerStatusQuery }, ({ query }) => getRegisterStatus(query));
