import { handler } from "@/lib/http/handler";
import { clientAddress } from "@/lib/http/rate-limit";
import { login } from "@/lib/identity/login";
import { loginSchema } from "@/lib/validation/identity";

export const POST = handler({ body: loginSchema }, ({ body, request }) =>
  login({ input: body, clientAddress: clientAddress(request.headers) }),
);
