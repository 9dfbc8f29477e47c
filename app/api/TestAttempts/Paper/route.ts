import { handler } from "@/lib/api/handler";
import { sealedPaper } from "@/lib/attempts/sealed-paper";

// Not the spec's: during check-in, the pupil's drawn paper sealed for the device (sealed-paper.ts).
export const GET = handler({ auth: "pupil" }, ({ user }) => sealedPaper({ userId: user.id }));
