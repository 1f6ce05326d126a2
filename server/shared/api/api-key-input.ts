// Validation of the API Keys settings forms (create, revoke). Pure: the browser runs the same schema
// before submitting and the server runs it again.
import { z } from "zod";

export const API_KEY_NAME_MAX = 60;
/** Active (not revoked) keys a business may hold at once. */
export const MAX_ACTIVE_API_KEYS = 10;

export const API_KEY_MESSAGES = {
  nameRequired: "Please give the key a name",
  nameTooLong: `Key names are limited to ${API_KEY_NAME_MAX} characters`,
  tooMany: `You can have up to ${MAX_ACTIVE_API_KEYS} active API keys. Revoke one you no longer use first.`,
  notFound: "API key not found",
  created: "API key created. Copy it now: it will not be shown again.",
  revoked: "API key revoked. Requests using it are refused from now on.",
  alreadyRevoked: "This API key was already revoked.",
} as const;

export const createApiKeySchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameTooLong),
});

export const revokeApiKeySchema = z.object({
  keyId: z.string({ error: API_KEY_MESSAGES.notFound }).min(1, API_KEY_MESSAGES.notFound).max(100, API_KEY_MESSAGES.notFound),
});
