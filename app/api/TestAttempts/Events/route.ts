import { attemptsApi } from "@/lib/attempts/api";

export const dynamic = "force-dynamic";

export const { GET } = attemptsApi["/api/TestAttempts/Events"];
