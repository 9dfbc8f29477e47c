import { handler } from "@/lib/http/handler";
import { register } from "@/lib/registration/registration";
import { registerSchema } from "@/lib/validation/registration";

export const POST = handler({ body: registerSchema }, ({ body }) => register(body));
