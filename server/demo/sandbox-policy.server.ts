// The server side of the sandbox policy (sandbox-policy.ts): the domain functions that invite, create
// API keys or touch billing ask here first, so a sandbox is refused whatever page or request asked.
import type { Db } from "../db/client.server.ts";
import { SANDBOX_MESSAGES, type SandboxRestricted } from "../shared/demo/sandbox-policy.ts";

export type SandboxRefusal = { status: 403; message: string };

/** The refusal when `businessId` is a demo sandbox, otherwise null. */
export async function sandboxRefusal(db: Db, businessId: string, action: SandboxRestricted): Promise<SandboxRefusal | null> {
  const business = await db.business.findUnique({ where: { id: businessId }, select: { sandboxExpiresAt: true } });
  return business?.sandboxExpiresAt ? { status: 403, message: SANDBOX_MESSAGES[action] } : null;
}
