// Vitest's pupils: the same domain-made pupils the HTTP suites get from /api/test-support.
export { createTestPupil as createPupil } from "@/lib/testing/pupils";
