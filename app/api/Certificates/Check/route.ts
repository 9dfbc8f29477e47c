import { certificatesApi } from "@/lib/certificates/api";

export const { GET } = certificatesApi["/api/Certificates/Check"];
