import { handler } from "@/lib/api/handler";
import { listTests } from "@/lib/subject-tests/subject-tests";

export const GET = handler({ auth: "organiser" }, async () => ({ items: await listTests() }));
