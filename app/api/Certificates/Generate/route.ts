import { certificatesApi } from "@/lib/certificates/api";

export const { POST } = certificatesApi["/api/Certificates/Generate"];
