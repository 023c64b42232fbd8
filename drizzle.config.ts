import { defineConfig } from "drizzle-kit";

// `npm run db:generate` diffs app/db/schema.ts and app/db/schema-cod-money.ts against drizzle/ and writes a new SQL migration.
// Generation needs no database connection; migrations are applied by scripts/migrate.ts and on start.
export default defineConfig({
  dialect: "postgresql",
  schema: ["./app/db/schema.ts", "./app/db/schema-cod-money.ts"],
  out: "./drizzle",
});
