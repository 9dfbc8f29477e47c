import { handler } from "@/lib/api/handler";
import { login } from "@/lib/identity/login";
import { loginSchema } from "@/lib/validation/identity";

export const POST = handler({ auth: "public", body: loginSchema }, ({ body, clientAddress, request }) =>
  login({ input: body, clientAddress, request }),
);
