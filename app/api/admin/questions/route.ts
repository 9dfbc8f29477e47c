import { handler } from "@/lib/api/handler";
import { listQuestions } from "@/lib/questions/bank";
import { questionsQuery } from "@/lib/questions/schema";

export const GET = handler({ auth: "organiser", query: questionsQuery }, ({ query }) => listQuestions(query));
