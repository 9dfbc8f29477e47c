import { handler } from "@/lib/api/handler";
import { login, loginFailures } from "@/lib/identity/login";
import { loginSchema } from "@/shared/identity/schema";

export const POST = handler(
  { auth: "public", body: loginSchema, limitFailures: { limiter: loginFailures, per: "address" } },
  ({ body, clientAddress, cookies }) => login({ input: body, clientAddress, cookies }),
);
