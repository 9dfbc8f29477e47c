import { handler } from "@/lib/api/handler";
import { attemptMarks } from "@/lib/results/marks";
import { attemptIdParams } from "@/lib/validation/queries";

export const GET = handler({ auth: "organiser", params: attemptIdParams }, ({ params }) => attemptMarks({ attemptId: params.attemptId }));
