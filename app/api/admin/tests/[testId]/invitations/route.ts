import { invitationsApi } from "@/lib/invitations/api";

export const { GET } = invitationsApi["/api/admin/tests/[testId]/invitations"];
