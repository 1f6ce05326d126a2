// PostgreSQL extensions the migrations use, loaded into PGlite (a PostgreSQL server has them as contrib).
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

export const pgliteExtensions = { pg_trgm };
