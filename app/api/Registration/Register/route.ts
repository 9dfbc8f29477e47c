import { handler } from "@/lib/api/handler";
import { registrationEdits, registrationSubmissions } from "@/lib/registration/register-limit";
import { register } from "@/lib/registration/registration";
import { registerSchema } from "@/shared/registration/schema";

export const POST = handler(
  {
    auth: "public",
    limit: { limiter: registrationSubmissions, per: "address" },
    limitPerBody: { limiter: registrationEdits, key: (body) => body.guid },
    body: registerSchema,
  },
  ({ body, clientAddress }) => register(body, { clientAddress }),
);
