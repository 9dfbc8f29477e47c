import { attemptsApi } from "@/lib/attempts/api";

export const { POST } = attemptsApi["/api/TestAttempts/New"];
