import { botApi } from "@/lib/bot/api";

export const { GET } = botApi["/api/bot/events"];
