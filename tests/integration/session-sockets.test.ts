// A workspace socket lives no longer than its session (issue 13): /workspace sockets once survived
// sign-out and a password reset and kept streaming new leads. Real socket.io clients, real server.
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { PASSWORD_RESET_QUEUE } from "#server/jobs/queue/queues.ts";
import { readOutbox } from "#server/mail/mailer.server.ts";
import { HttpClient } from "../support/http-client.ts";
import { connected, cookieHeader, openWorkspaceSocket, workspaceSocket } from "../support/workspace-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

let server: TestServer;
const sockets: Socket[] = [];
const openSocket = (http: HttpClient) => openWorkspaceSocket(server.url, http, sockets);

beforeAll(async () => {
  // The periodic re-check every 300 ms here (60 s by default).
  server = await startTestServer({ seedDemo: false, env: { SESSION_RECHECK_MS: "300" } });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server?.close();
});

let counter = 0;
async function signedIn() {
  counter += 1;
  const email = `sockets${counter}-${Date.now()}@example.com`;
  const password = "Sockets2026";
  const account = await registerAccount(server.services.db, { businessName: `Socket Cleaning ${counter}`, email, password });
  if (!account.ok) throw new Error(account.code);
  const http = new HttpClient(server.url);
  expect((await http.post("/login", { intent: "login", email, password })).status).toBe(302);
  return { http, email, password, userId: account.value.userId };
}

describe("workspace sockets end with their session", () => {
  it("closes the socket of a session that signs out, and leaves the same user's other session open", async () => {
    const a = await signedIn();
    const other = new HttpClient(server.url);
    expect((await other.post("/login", { intent: "login", email: a.email, password: a.password })).status).toBe(302);
    const first = await openSocket(a.http);
    const second = await openSocket(other);

    expect((await a.http.post("/logout", {})).status).toBe(302);
    expect(await first.disconnected).toBe("io server disconnect");
    expect(second.socket.connected).toBe(true);
  });

  it("closes every socket of the account when its password is reset", async () => {
    const a = await signedIn();
    const open = await openSocket(a.http);
    const res = await new HttpClient(server.url).post("/login?mode=reset", { intent: "reset", email: a.email });
    expect(res.status).toBe(200);
    await server.services.jobs.idle([PASSWORD_RESET_QUEUE]);
    const mail = (await readOutbox(server.services.outboxDir)).filter((m) => m.to === a.email).at(-1)!;
    const token = new URL(/https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.text)![0]).searchParams.get("token")!;
    const done = await new HttpClient(server.url).post("/reset-password", { token, password: "NewSockets2026", confirmPassword: "NewSockets2026" });
    expect(done.location).toBe("/login?reset=done");
    expect(await open.disconnected).toBe("io server disconnect");
  });

  it("closes a socket whose session expired or was deleted without notice, on the periodic re-check", async () => {
    const a = await signedIn();
    const expiring = await openSocket(a.http);
    await server.services.db.session.updateMany({ where: { userId: a.userId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await expiring.disconnected).toBe("io server disconnect");

    const b = await signedIn();
    const deleted = await openSocket(b.http);
    await server.services.db.session.deleteMany({ where: { userId: b.userId } });
    expect(await deleted.disconnected).toBe("io server disconnect");
  });

  it("refuses to reconnect with the ended session", async () => {
    const a = await signedIn();
    const cookie = cookieHeader(a.http);
    await a.http.post("/logout", {});
    const socket = workspaceSocket(server.url, cookie);
    sockets.push(socket);
    await expect(connected(socket)).rejects.toThrow("unauthorized");
  });
});
