// API keys of a business (Settings → API Keys): create (the secret is returned once, only its hash is
// stored), list and revoke. Every query is scoped by the caller's businessId; the route checks the
// owner role and the Enterprise plan (entitlements.server.ts) before creating.
import { sandboxRefusal } from "../demo/sandbox-policy.server.ts";
import { refuse, type DomainFailure } from "../shared/forms/action-result.ts";
import type { Db } from "../db/client.server.ts";
import { API_KEY_MESSAGES, MAX_ACTIVE_API_KEYS } from "../shared/api/api-key-input.ts";
import { generateApiKey } from "./api-key-secret.ts";

export type ApiKeyView = {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdBy: string | null;
};

export type ApiKeyResult<T> = { ok: true; value: T } | DomainFailure;

/** Keys shown in the list: every active key and the most recent revoked ones. */
const LIST_LIMIT = 50;

const viewSelect = {
  id: true,
  name: true,
  prefix: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  createdBy: { select: { displayName: true } },
} as const;

type ViewRow = {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdBy: { displayName: string } | null;
};

function toView(row: ViewRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdBy: row.createdBy?.displayName ?? null,
  };
}

/** Active keys first (newest first), then revoked ones. */
export async function listApiKeys(db: Db, businessId: string): Promise<ApiKeyView[]> {
  const rows = await db.apiKey.findMany({
    where: { businessId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: LIST_LIMIT,
    select: viewSelect,
  });
  const views = rows.map(toView);
  return [...views.filter((k) => !k.revokedAt), ...views.filter((k) => k.revokedAt)];
}

export function countActiveApiKeys(db: Db, businessId: string): Promise<number> {
  return db.apiKey.count({ where: { businessId, revokedAt: null } });
}

/**
 * Creates a key named `name` (already validated). The answer carries the secret: the only time it
 * exists outside the caller's hands. Refused (409) at MAX_ACTIVE_API_KEYS active keys.
 */
export async function createApiKey(
  db: Db,
  args: { businessId: string; createdById: string; name: string; now?: Date },
): Promise<ApiKeyResult<{ key: ApiKeyView; secret: string }>> {
  const refused = await sandboxRefusal(db, args.businessId, "api-key");
  if (refused) return refuse("forbidden", refused.message);
  // Serialised per business so two simultaneous creations cannot both pass the limit.
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Business" WHERE id = ${args.businessId} FOR UPDATE`;
    const active = await tx.apiKey.count({ where: { businessId: args.businessId, revokedAt: null } });
    if (active >= MAX_ACTIVE_API_KEYS) return refuse("conflict", API_KEY_MESSAGES.tooMany);
    const generated = generateApiKey();
    const row = await tx.apiKey.create({
      data: {
        businessId: args.businessId,
        name: args.name,
        prefix: generated.prefix,
        hash: generated.hash,
        createdById: args.createdById,
        createdAt: args.now ?? new Date(),
      },
      select: viewSelect,
    });
    return { ok: true as const, value: { key: toView(row), secret: generated.secret } };
  });
}

/** Revokes a key of this business; it stops authenticating at once (every request looks it up). */
export async function revokeApiKey(
  db: Db,
  args: { businessId: string; keyId: string; now?: Date },
): Promise<ApiKeyResult<ApiKeyView>> {
  const now = args.now ?? new Date();
  const updated = await db.apiKey.updateMany({
    where: { id: args.keyId, businessId: args.businessId, revokedAt: null },
    data: { revokedAt: now },
  });
  const row = await db.apiKey.findFirst({ where: { id: args.keyId, businessId: args.businessId }, select: viewSelect });
  if (!row) return refuse("not_found", API_KEY_MESSAGES.notFound);
  if (updated.count === 0) return refuse("conflict", API_KEY_MESSAGES.alreadyRevoked);
  return { ok: true, value: toView(row) };
}
