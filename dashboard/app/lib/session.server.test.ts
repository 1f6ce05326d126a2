import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { createRequestMemo } from "#server/http/request-memo.ts";
import { getOptionalUser } from "./session.server.ts";

/** A load context whose database answers the session lookup (through Prisma's raw path: no direct line). */
function contextWith(queryRaw: ReturnType<typeof vi.fn>): AppLoadContext {
  return {
    services: {
      db: { $queryRaw: queryRaw },
      sessionCookie: { parse: async () => "token" },
    },
    requestMemo: createRequestMemo(),
  } as unknown as AppLoadContext;
}

const sessionRow = {
  id: "s1",
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  lastSeenAt: new Date().toISOString(),
  userId: "u1",
  email: "owner@example.com",
  displayName: "Owner",
};

describe("guards within one request", () => {
  it("look the session up once for all of a page's loaders (GET)", async () => {
    const queryRaw = vi.fn(async () => [sessionRow]);
    const context = contextWith(queryRaw);
    const request = new Request("http://app.test/app/leads");
    const users = await Promise.all([getOptionalUser(request, context), getOptionalUser(request, context), getOptionalUser(request, context)]);
    expect(users.map((u) => u?.userId)).toEqual(["u1", "u1", "u1"]);
    expect(queryRaw).toHaveBeenCalledTimes(1);
  });

  it("read afresh in an action (POST), whose changes the loaders after it must see", async () => {
    const queryRaw = vi.fn(async () => [sessionRow]);
    const context = contextWith(queryRaw);
    const request = new Request("http://app.test/app/settings", { method: "POST" });
    await getOptionalUser(request, context);
    await getOptionalUser(request, context);
    expect(queryRaw).toHaveBeenCalledTimes(2);
  });
});
