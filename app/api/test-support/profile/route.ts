import { testingApi } from "@/lib/testing/api";

export const { POST, DELETE, GET, PUT, PATCH } = testingApi["/api/test-support/profile"];
