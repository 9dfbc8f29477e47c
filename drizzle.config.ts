// drizzle-kit reads the schema and writes SQL migrations into db/migrations (committed).
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
