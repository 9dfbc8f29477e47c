import { handler } from "@/lib/api/handler";
import { listQuestions } from "@/lib/organiser/questions";
import { questionsQuery } from "@/lib/validation/organiser";

export const GET = handler({ auth: "organiser", query: questionsQuery }, ({ query }) => listQuestions(query));
