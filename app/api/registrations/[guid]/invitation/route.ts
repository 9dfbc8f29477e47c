import { invitationsApi } from "@/lib/invitations/api";

export const { GET, POST } = invitationsApi["/api/registrations/[guid]/invitation"];
