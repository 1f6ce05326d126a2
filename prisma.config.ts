// Prisma CLI configuration. The CLI is used to generate the client and to author migrations
// (`prisma migrate diff`, schema to schema, no database). Migrations are applied by our own
// runner (server/db/migrate.ts), so the CLI's JS schema engine only ever gets an in-memory PGlite.
import path from "node:path";
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
  experimental: { adapter: true },
  engine: "js",
  async adapter() {
    const { PGlite } = await import("@electric-sql/pglite");
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    return new PrismaPGlite(new PGlite({ extensions: { pg_trgm } }));
  },
});
