import { botApi } from "@/lib/bot/api";

export const { POST } = botApi["/api/bot/registrations/[guid]/invitation"];
