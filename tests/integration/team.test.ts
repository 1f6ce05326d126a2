// @postgres: two owners demoting each other at once.
// User Access over HTTP against the real server: invitations (hashed single-use token, expiry, e-mail
// with the link, revoke, resend), accepting as a new or an existing user, roles, removal, the
// last-owner rule, owner-only enforcement and cross-business ids (404).
import { io as ioClient, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { hashPassword } from "#server/auth/password.server.ts";
import { hashToken } from "#server/auth/tokens.server.ts";
import { readOutbox } from "#server/mail/mailer.server.ts";
import { INVITE_EMAIL_QUEUE } from "#server/jobs/queue/queues.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { describeOnPgliteOnly } from "../support/postgres-pass.ts";

let server: TestServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ seedDemo: false });
});

afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

afterAll(async () => {
  await server?.close();
});

const password = "CleanFloors1";
let counter = 0;
const uniqueEmail = (who: string) => `${who}${++counter}-${Date.now()}@example.com`;

async function signIn(email: string, redirectTo?: string) {
  const client = new HttpClient(server.url);
  const res = await client.post("/login", { intent: "login", email, password, ...(redirectTo ? { redirectTo } : {}) });
  expect(res.status).toBe(302);
  return { client, location: res.location };
}

async function newOwner(businessName = "Acme Janitorial") {
  const email = uniqueEmail("team-owner");
  const result = await registerAccount(server.services.db, { businessName, email, password });
  if (!result.ok) throw new Error(result.code);
  const { client } = await signIn(email);
  return { client, email, userId: result.value.userId, businessId: result.value.businessId };
}

async function addMember(businessId: string, role: "owner" | "support", who = "team-member") {
  const email = uniqueEmail(who);
  const user = await server.services.db.user.create({
    data: { email, passwordHash: await hashPassword(password), displayName: `${role} person`, memberships: { create: { businessId, role } } },
    select: { id: true, memberships: { select: { id: true } } },
  });
  return { email, userId: user.id, memberId: user.memberships[0]!.id };
}

/** A workspace socket with the client's session cookie, as the member's open page has; resolves once connected. */
async function openWorkspaceSocket(client: HttpClient): Promise<Socket> {
  const socket = ioClient(`${server.url}/workspace`, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    extraHeaders: { Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "), Origin: server.url },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return socket;
}

/** Invites by the settings action and returns the token from the e-mailed link. */
async function invite(owner: HttpClient, email: string, role: "owner" | "support" = "support") {
  const res = await owner.post("/app/settings/users", { intent: "invite", email, role });
  expect(res.status).toBe(200);
  expect(res.text).toContain(`Invitation sent to ${email.toLowerCase()}.`);
  return latestInviteToken(email.toLowerCase());
}

async function latestInviteToken(email: string): Promise<string> {
  await server.services.jobs.idle([INVITE_EMAIL_QUEUE]); // the e-mail is a job (DESIGN §10)
  const mail = (await readOutbox(server.services.outboxDir)).filter((m) => m.to === email).at(-1);
  expect(mail).toBeDefined();
  const link = new RegExp(`${server.url.replace(/[.]/g, "\\.")}/invite/([A-Za-z0-9_-]+)`).exec(mail!.text);
  expect(link).not.toBeNull();
  return link![1]!;
}

const membership = (userId: string, businessId: string) =>
  server.services.db.membership.findUnique({ where: { userId_businessId: { userId, businessId } } });

describeOnPgliteOnly("inviting", () => {
  it("stores only the token's hash, expires in 7 days, e-mails the link, and lists the invite", async () => {
    const owner = await newOwner("Invite Cleaning");
    const email = uniqueEmail("Invitee");
    const before = Date.now();
    const token = await invite(owner.client, email);
    const row = await server.services.db.invite.findFirstOrThrow({ where: { businessId: owner.businessId } });
    expect(row.email).toBe(email.toLowerCase());
    expect(row.role).toBe("support");
    expect(row.tokenHash).toBe(hashToken(token));
    expect(row.tokenHash).not.toContain(token);
    const days = (row.expiresAt.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const mail = (await readOutbox(server.services.outboxDir)).find((m) => m.to === email.toLowerCase())!;
    expect(mail.subject).toBe("You're invited to join Invite Cleaning on LeadBroom");
    const page = await owner.client.get("/app/settings/users");
    expect(page.text).toContain(email.toLowerCase());
    expect(page.text).toContain("Pending invitations");
  });

  it("refuses an invalid address, a bad role and an existing member, writing nothing", async () => {
    const owner = await newOwner();
    const member = await addMember(owner.businessId, "support");
    for (const [body, message] of [
      [{ intent: "invite", email: "not-an-email", role: "support" }, "Invalid email address"],
      [{ intent: "invite", email: "", role: "support" }, "Please enter your email address"],
      [{ intent: "invite", email: "ok@example.com", role: "admin" }, "Choose a role: Owner or Support."],
      [{ intent: "invite", email: member.email.toUpperCase(), role: "owner" }, "This person is already a member of your team."],
    ] as const) {
      const res = await owner.client.post("/app/settings/users", body);
      expect(res.status).toBe(400);
      expect(res.text).toContain(message);
    }
    expect(await server.services.db.invite.count({ where: { businessId: owner.businessId } })).toBe(0);
  });

  it("revokes and resends; only the newest link works", async () => {
    const owner = await newOwner();
    const email = uniqueEmail("resend");
    const first = await invite(owner.client, email);
    const row = await server.services.db.invite.findFirstOrThrow({ where: { businessId: owner.businessId } });

    const resent = await owner.client.post("/app/settings/users", { intent: "invite-resend", inviteId: row.id });
    expect(resent.status).toBe(200);
    const second = await latestInviteToken(email);
    expect(second).not.toBe(first);
    expect((await server.services.db.invite.findUniqueOrThrow({ where: { id: row.id } })).tokenHash).toBe(hashToken(second));
    const stale = await new HttpClient(server.url).get(`/invite/${first}`);
    expect(stale.status).toBe(410);
    expect(stale.text).toContain("This invitation link is not valid.");

    const revoked = await owner.client.post("/app/settings/users", { intent: "invite-revoke", inviteId: row.id });
    expect(revoked.status).toBe(200);
    expect(revoked.text).toContain("Invitation revoked.");
    const page = await new HttpClient(server.url).get(`/invite/${second}`);
    expect(page.status).toBe(410);
    expect(page.text).toContain("This invitation has been withdrawn.");
    const again = await owner.client.post("/app/settings/users", { intent: "invite-revoke", inviteId: row.id });
    expect(again.status).toBe(400);
    expect(again.text).toContain("This invitation is no longer pending.");
  });
});

describeOnPgliteOnly("accepting", () => {
  it("a new person creates an account with the registration rules and joins as support: leads yes, settings no", async () => {
    const owner = await newOwner("Join Us Cleaning");
    const email = uniqueEmail("newbie");
    const token = await invite(owner.client, email);

    const visitor = new HttpClient(server.url);
    const page = await visitor.get(`/invite/${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Join Us Cleaning");
    expect(page.text).toContain("Create Account and Join");

    const weak = await visitor.post(`/invite/${token}`, { intent: "create", displayName: "Nina New", password: "short", confirmPassword: "short", acceptTerms: "on" });
    expect(weak.status).toBe(400);
    expect(weak.text).toContain("Password does not meet requirements");
    const noTerms = await visitor.post(`/invite/${token}`, { intent: "create", displayName: "Nina New", password, confirmPassword: password });
    expect(noTerms.status).toBe(400);
    expect(noTerms.text).toContain("Please accept the Terms of Service and Privacy Policy");
    expect(await server.services.db.user.count({ where: { email } })).toBe(0);

    const created = await visitor.post(`/invite/${token}`, { intent: "create", displayName: "Nina New", password, confirmPassword: password, acceptTerms: "on" });
    expect(created.status).toBe(302);
    expect(created.location).toBe("/app");
    const user = await server.services.db.user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
    expect(user.displayName).toBe("Nina New");
    expect(user.memberships).toMatchObject([{ businessId: owner.businessId, role: "support" }]);
    expect((await server.services.db.invite.findFirstOrThrow({ where: { email } })).acceptedAt).not.toBeNull();

    expect((await visitor.get("/app/leads")).status).toBe(200);
    expect((await visitor.get("/app/settings")).status).toBe(403);

    // Single use.
    const reused = await new HttpClient(server.url).get(`/invite/${token}`);
    expect(reused.status).toBe(410);
    expect(reused.text).toContain("This invitation has already been used.");
    const replay = await new HttpClient(server.url).post(`/invite/${token}`, { intent: "create", displayName: "Eve", password, confirmPassword: password, acceptTerms: "on" });
    expect(replay.status).toBe(400);
    expect(await server.services.db.membership.count({ where: { businessId: owner.businessId } })).toBe(2);
  });

  it("an existing account without a business signs in through the link and accepts as owner", async () => {
    const owner = await newOwner("Existing Cleaning");
    const email = uniqueEmail("existing");
    const user = await server.services.db.user.create({ data: { email, passwordHash: await hashPassword(password), displayName: "Erin Existing" } });
    const token = await invite(owner.client, email, "owner");

    const page = await new HttpClient(server.url).get(`/invite/${token}`);
    expect(page.text).toContain("Sign in to accept");
    const { client, location } = await signIn(email, `/invite/${token}`);
    expect(location).toBe(`/invite/${token}`);
    expect((await client.get(`/invite/${token}`)).text).toContain("Join Existing Cleaning");
    const accepted = await client.post(`/invite/${token}`, { intent: "accept" });
    expect(accepted.status).toBe(302);
    expect(accepted.location).toBe("/app");
    expect(await membership(user.id, owner.businessId)).toMatchObject({ role: "owner" });
    expect((await client.get("/app/settings/users")).status).toBe(200);
  });

  it("refuses someone signed in with another address, and an account that belongs to another business", async () => {
    const owner = await newOwner("Picky Cleaning");
    const other = await newOwner("Other Business");
    const token = await invite(owner.client, other.email);

    const stranger = await newOwner("Stranger Cleaning");
    const wrong = await stranger.client.post(`/invite/${token}`, { intent: "accept" });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain(`This invitation is for ${other.email}.`);

    const taken = await other.client.post(`/invite/${token}`, { intent: "accept" });
    expect(taken.status).toBe(400);
    expect(taken.text).toContain("Your account already belongs to another business.");
    expect(await membership(other.userId, owner.businessId)).toBeNull();
    expect((await server.services.db.invite.findFirstOrThrow({ where: { tokenHash: hashToken(token) } })).acceptedAt).toBeNull();
  });

  it("an expired invite says so and cannot be used", async () => {
    const owner = await newOwner();
    const email = uniqueEmail("late");
    const token = await invite(owner.client, email);
    await server.services.db.invite.updateMany({ where: { tokenHash: hashToken(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const page = await new HttpClient(server.url).get(`/invite/${token}`);
    expect(page.status).toBe(410);
    expect(page.text).toContain("This invitation has expired.");
    const res = await new HttpClient(server.url).post(`/invite/${token}`, { intent: "create", displayName: "Late", password, confirmPassword: password, acceptTerms: "on" });
    expect(res.status).toBe(400);
    expect(await server.services.db.user.count({ where: { email } })).toBe(0);
    // The owner still sees it (as expired) and can resend it.
    expect((await owner.client.get("/app/settings/users")).text).toContain("Expired");
  });
});

describe("members and roles", () => {
  it("changes a role: a support member made owner reaches the settings", async () => {
    const owner = await newOwner();
    const member = await addMember(owner.businessId, "support");
    const { client } = await signIn(member.email);
    expect((await client.get("/app/settings")).status).toBe(403);
    const res = await owner.client.post("/app/settings/users", { intent: "member-role", memberId: member.memberId, role: "owner" });
    expect(res.status).toBe(200);
    expect(res.text).toContain("Role updated.");
    expect((await client.get("/app/settings/profile")).status).toBe(200);
    const bad = await owner.client.post("/app/settings/users", { intent: "member-role", memberId: member.memberId, role: "admin" });
    expect(bad.status).toBe(400);
  });

  it("tells the member's own open pages when their role changes, and no one else", async () => {
    const owner = await newOwner();
    const member = await addMember(owner.businessId, "support");
    const bystander = await addMember(owner.businessId, "support", "bystander");
    const other = await newOwner("Elsewhere Cleaning");
    const otherMember = await addMember(other.businessId, "support", "other-member");
    const connect = async (email: string) => {
      const socket = await openWorkspaceSocket((await signIn(email)).client);
      const got: { role: string }[] = [];
      socket.on("member:updated", (payload: { role: string }) => got.push(payload));
      return got;
    };
    // Two tabs of the member, one of a colleague, one of a member of another business.
    const [tab1, tab2, colleague, stranger] = await Promise.all([
      connect(member.email),
      connect(member.email),
      connect(bystander.email),
      connect(otherMember.email),
    ]);

    const promote = await owner.client.post("/app/settings/users", { intent: "member-role", memberId: member.memberId, role: "owner" });
    expect(promote.status).toBe(200);
    await expect.poll(() => [tab1.length, tab2.length]).toEqual([1, 1]);
    expect(tab1[0]).toEqual({ role: "owner" });
    // The same role again changes nothing and says nothing.
    expect((await owner.client.post("/app/settings/users", { intent: "member-role", memberId: member.memberId, role: "owner" })).status).toBe(200);
    const demote = await owner.client.post("/app/settings/users", { intent: "member-role", memberId: member.memberId, role: "support" });
    expect(demote.status).toBe(200);
    await expect.poll(() => tab1.map((e) => e.role)).toEqual(["owner", "support"]);
    // Let anything misrouted arrive before checking that nothing did.
    await new Promise((r) => setTimeout(r, 200));
    expect(tab2.map((e) => e.role)).toEqual(["owner", "support"]);
    expect(colleague).toEqual([]);
    expect(stranger).toEqual([]);
  });

  it("never removes or demotes the last owner; two owners cannot demote each other at once", async () => {
    const owner = await newOwner();
    const self = await server.services.db.membership.findFirstOrThrow({ where: { businessId: owner.businessId, userId: owner.userId } });
    const demote = await owner.client.post("/app/settings/users", { intent: "member-role", memberId: self.id, role: "support" });
    expect(demote.status).toBe(400);
    expect(demote.text).toContain("Your business needs at least one owner. Make someone else an owner first.");
    const removeSelf = await owner.client.post("/app/settings/users", { intent: "member-remove", memberId: self.id });
    expect(removeSelf.status).toBe(400);
    expect(removeSelf.text).toMatch(/You can(&#x27;|')t remove yourself\./);
    expect(await membership(owner.userId, owner.businessId)).toMatchObject({ role: "owner" });

    const second = await addMember(owner.businessId, "owner", "second-owner");
    const { client: secondClient } = await signIn(second.email);
    const results = await Promise.all([
      owner.client.post("/app/settings/users", { intent: "member-role", memberId: second.memberId, role: "support" }),
      secondClient.post("/app/settings/users", { intent: "member-role", memberId: self.id, role: "support" }),
    ]);
    // One wins; the loser is either refused by the rule or, having just been demoted, by the role check.
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await server.services.db.membership.count({ where: { businessId: owner.businessId, role: "owner" } })).toBe(1);
  });

  it("removes a member: their sessions and sockets stop working; signing in again does not loop", async () => {
    const owner = await newOwner();
    const member = await addMember(owner.businessId, "support");
    const { client } = await signIn(member.email);
    expect((await client.get("/app/leads")).status).toBe(200);
    // A workspace socket the member has open when removed is closed by the server at once.
    const open = await openWorkspaceSocket(client);
    const closed = new Promise<string>((resolve) => open.once("disconnect", (reason) => resolve(reason)));

    const res = await owner.client.post("/app/settings/users", { intent: "member-remove", memberId: member.memberId });
    expect(res.status).toBe(200);
    expect(await closed).toBe("io server disconnect");
    expect(await membership(member.userId, owner.businessId)).toBeNull();
    expect(await server.services.db.session.count({ where: { userId: member.userId } })).toBe(0);
    const after = await client.get("/app/leads");
    expect(after.status).toBe(302);
    expect(after.location).toMatch(/^\/login/);

    // Signing in again: the workspace guard ends the session instead of bouncing between /app and /login.
    const again = await signIn(member.email);
    const bounced = await again.client.get("/app/dashboard");
    expect(bounced.status).toBe(302);
    expect(bounced.location).toMatch(/^\/login/);
    expect((await again.client.get("/login")).status).toBe(200);

    const cookie = [...again.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const socket = ioClient(`${server.url}/workspace`, {
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      extraHeaders: { Cookie: cookie, Origin: server.url },
    });
    sockets.push(socket);
    const error = await new Promise<Error>((resolve) => socket.once("connect_error", resolve));
    expect(error.message).toBe("unauthorized");
  });

  it("answers 404 for another business's members and invites, and changes nothing there", async () => {
    const mine = await newOwner("Mine Cleaning");
    const theirs = await newOwner("Theirs Cleaning");
    const theirMember = await addMember(theirs.businessId, "support");
    await invite(theirs.client, uniqueEmail("theirs-invitee"));
    const theirInvite = await server.services.db.invite.findFirstOrThrow({ where: { businessId: theirs.businessId } });

    const bodies: Record<string, string>[] = [
      { intent: "member-role", memberId: theirMember.memberId, role: "owner" },
      { intent: "member-remove", memberId: theirMember.memberId },
      { intent: "invite-revoke", inviteId: theirInvite.id },
      { intent: "invite-resend", inviteId: theirInvite.id },
    ];
    for (const body of bodies) {
      expect((await mine.client.post("/app/settings/users", body)).status, body.intent).toBe(404);
    }
    expect(await membership(theirMember.userId, theirs.businessId)).toMatchObject({ role: "support" });
    expect((await server.services.db.invite.findUniqueOrThrow({ where: { id: theirInvite.id } })).revokedAt).toBeNull();
  });

  it("support staff get 403 for every team action", async () => {
    const owner = await newOwner();
    const member = await addMember(owner.businessId, "support");
    const other = await addMember(owner.businessId, "support", "other-support");
    const { client } = await signIn(member.email);
    const bodies: Record<string, string>[] = [
      { intent: "invite", email: "x@example.com", role: "owner" },
      { intent: "member-role", memberId: member.memberId, role: "owner" },
      { intent: "member-remove", memberId: other.memberId },
    ];
    for (const body of bodies) {
      expect((await client.post("/app/settings/users", body)).status).toBe(403);
    }
    expect(await membership(member.userId, owner.businessId)).toMatchObject({ role: "support" });
    expect(await membership(other.userId, owner.businessId)).not.toBeNull();
  });
});
