import { handler } from "@/lib/http/handler";
import { registrationSubmissions } from "@/lib/registration/register-limit";
import { register } from "@/lib/registration/registration";
import { registerSchema } from "@/lib/validation/registration";

export const POST = handler(
  { auth: "public", limit: { limiter: registrationSubmissions, per: "address" }, body: registerSchema },
  ({ body }) => register(body),
);
