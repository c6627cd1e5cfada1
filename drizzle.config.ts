// drizzle-kit: `drizzle-kit generate` diffs src/storage/schema.ts against the checked-in snapshots and writes
// the next migration. The daemon applies them at open (src/storage/database.ts); no credentials needed.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./src/storage/schema.ts",
  out: "./src/storage/migrations",
});
