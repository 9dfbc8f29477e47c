import { handler } from "@/lib/api/handler";
import { listTests } from "@/lib/tests/tests";

export const GET = handler({ auth: "organiser" }, async () => ({ items: await listTests() }));
