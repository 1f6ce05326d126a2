// Account creation and sign-in. Returns spec §8 error codes; the routes map them to texts.
import type { Db } from "../db/client.server.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { trialEndFrom } from "../shared/billing/subscription.ts";
import { defaultWelcomeMessage, DEFAULT_SERVICE_TYPES } from "../shared/chatbots/defaults.ts";
import { newSiteKey } from "../chatbots/site-key.server.ts";
import type { LoginErrorCode, RegisterErrorCode } from "./errors.ts";
import type { AuthLimiter } from "./limiter.server.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import type { LoginInput, RegisterInput } from "../shared/auth/validation.ts";

export type Result<T, E extends string> = { ok: true; value: T } | { ok: false; code: E };

export async function registerAccount(
  db: Db,
  /** Without a name (tests, scripts) the member gets the nameless fallback and is asked for one (person-name.ts). */
  input: Omit<RegisterInput, "displayName"> & { displayName?: string },
  now = new Date(),
): Promise<Result<{ userId: string; businessId: string }, RegisterErrorCode>> {
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) return { ok: false, code: "email-already-in-use" };
  const passwordHash = await hashPassword(input.password);
  try {
    const created = await db.user.create({
      data: {
        email: input.email,
        passwordHash,
        displayName: input.displayName ?? "",
        memberships: {
          create: {
            role: "owner",
            business: {
              create: {
                name: input.businessName,
                email: input.email,
                subscriptionStatus: "trial",
                trialEnd: trialEndFrom(now),
                chatbots: {
                  create: {
                    siteKey: newSiteKey(),
                    businessName: input.businessName,
                    welcomeMessage: defaultWelcomeMessage(input.businessName),
                    serviceTypes: [...DEFAULT_SERVICE_TYPES],
                  },
                },
              },
            },
          },
        },
      },
      select: { id: true, memberships: { select: { businessId: true } } },
    });
    return { ok: true, value: { userId: created.id, businessId: created.memberships[0]!.businessId } };
  } catch (error) {
    // Two registrations racing for the same e-mail: the unique index decides.
    if (isUniqueViolation(error)) {
      return { ok: false, code: "email-already-in-use" };
    }
    throw error;
  }
}

export async function authenticate(
  db: Db,
  limiter: AuthLimiter,
  input: LoginInput,
  ip: string,
): Promise<Result<{ userId: string }, LoginErrorCode>> {
  // The attempt is counted before the password is checked (limiter.server.ts).
  const gate = await limiter.beginLogin(input.email, ip);
  if (!gate.allowed) return { ok: false, code: "too-many-requests" };
  if (gate.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, gate.delayMs));
  const user = await db.user.findUnique({
    where: { email: input.email },
    select: { id: true, passwordHash: true },
  });
  if (!user) {
    await limiter.loginFailed(input.email);
    return { ok: false, code: "user-not-found" };
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await limiter.loginFailed(input.email);
    return { ok: false, code: "wrong-password" };
  }
  await limiter.loginSucceeded(input.email, ip);
  return { ok: true, value: { userId: user.id } };
}
