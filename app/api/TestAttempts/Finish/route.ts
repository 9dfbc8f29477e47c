// Served by the front door straight from the app's table (lib/api/direct-routes.ts); Next serves the same handler under another casing.
import { directRoutes } from "@/lib/api/direct-routes";

export const { POST } = directRoutes["/api/TestAttempts/Finish"];
