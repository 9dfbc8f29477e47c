import { testingApi } from "@/lib/testing/api";

export const { POST, GET, PUT, PATCH, DELETE } = testingApi["/api/test-support/pupils"];
