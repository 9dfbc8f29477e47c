import { registrationApi } from "@/lib/registration/api";

export const { POST } = registrationApi["/api/Registration/Register"];
