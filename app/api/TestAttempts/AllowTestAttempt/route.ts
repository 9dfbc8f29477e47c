import { attemptsApi } from "@/lib/attempts/api";

export const { GET } = attemptsApi["/api/TestAttempts/AllowTestAttempt"];
