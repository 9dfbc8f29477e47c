import { registrationApi } from "@/lib/registration/api";

export const { GET } = registrationApi["/api/admin/registrations/[guid]"];
