// Accounts end to end over HTTP against the real server (production build) and a fresh database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOutbox } from "#server/mail/mailer.server.ts";
import { PASSWORD_RESET_QUEUE } from "#server/jobs/queue/queues.ts";
import { hashToken } from "#server/auth/tokens.server.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { DEMO_SIGN_IN } from "../support/demo-sign-in.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    authLimits: { attemptsPerAccountAndIp: 5, attemptsPerIp: 50, resetsPerIp: 20, windowSeconds: 900 },
  });
});

afterAll(async () => {
  await server?.close();
});

let counter = 0;
function uniqueEmail(): string {
  counter += 1;
  return `owner${counter}-${Date.now()}@example.com`;
}

const goodPassword = "CleanFloors1";

async function register(client: HttpClient, email: string, businessName = "Acme Janitorial") {
  return client.post("/register", {
    businessName,
    displayName: "Maria Lopez",
    email,
    password: goodPassword,
    confirmPassword: goodPassword,
    acceptTerms: "on",
  });
}

describe("registration, sign-in and sign-out", () => {
  it("registers, lands on /app, signs out, and returns to the original page after signing in", async () => {
    const client = new HttpClient(server.url);
    const email = uniqueEmail();

    const registered = await register(client, email, "Shiny Floors LLC");
    expect(registered.status).toBe(302);
    expect(registered.location).toBe("/app");
    const cookie = registered.setCookie.find((c) => c.startsWith("lb_session="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);

    expect((await client.get("/app")).location).toBe("/app/dashboard");
    const dashboard = await client.get("/app/dashboard");
    expect(dashboard.status).toBe(200);
    expect(dashboard.text).toContain("Shiny Floors LLC");

    // The new business is a real row: an owner membership, a 14-day trial and its own chatbot.
    const user = await server.services.db.user.findUniqueOrThrow({
      where: { email },
      include: { memberships: { include: { business: { include: { chatbots: true } } } } },
    });
    const membership = user.memberships[0]!;
    expect(membership.role).toBe("owner");
    expect(membership.business.subscriptionStatus).toBe("trial");
    const trialDays = (membership.business.trialEnd!.getTime() - membership.business.createdAt.getTime()) / 86_400_000;
    expect(Math.round(trialDays)).toBe(14);
    expect(membership.business.chatbots).toHaveLength(1);
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const oldCookie = client.cookies.get("lb_session")!;
    const loggedOut = await client.post("/logout", {});
    expect(loggedOut.status).toBe(302);
    expect(loggedOut.location).toBe("/");
    expect(client.cookies.has("lb_session")).toBe(false);

    // The session row is revoked: replaying the old cookie no longer signs anyone in.
    const replay = new HttpClient(server.url);
    replay.cookies.set("lb_session", oldCookie);
    expect((await replay.get("/app/dashboard")).location).toBe("/login?redirectTo=%2Fapp%2Fdashboard");

    const guarded = await client.get("/app/leads?status=new");
    expect(guarded.status).toBe(302);
    expect(guarded.location).toBe("/login?redirectTo=%2Fapp%2Fleads%3Fstatus%3Dnew");

    const login = await client.post("/login", {
      intent: "login",
      email: email.toUpperCase(),
      password: goodPassword,
      redirectTo: "/app/leads?status=new",
    });
    expect(login.status).toBe(302);
    expect(login.location).toBe("/app/leads?status=new");
    expect(client.cookies.get("lb_session")).not.toBe(oldCookie);
    expect((await client.get("/app/leads?status=new")).status).toBe(200);
  });

  it("issues a new session token at every sign-in and refuses off-site redirect targets", async () => {
    const email = uniqueEmail();
    await register(new HttpClient(server.url), email);
    const a = new HttpClient(server.url);
    const b = new HttpClient(server.url);
    const first = await a.post("/login", { intent: "login", email, password: goodPassword, redirectTo: "//evil.example/" });
    const second = await b.post("/login", { intent: "login", email, password: goodPassword });
    expect(first.location).toBe("/app");
    expect(second.location).toBe("/app");
    expect(a.cookies.get("lb_session")).not.toBe(b.cookies.get("lb_session"));
  });

  it("keeps each business's workspace to its own members", async () => {
    const alice = new HttpClient(server.url);
    const bob = new HttpClient(server.url);
    await register(alice, uniqueEmail(), "Alice Cleaning Co");
    await register(bob, uniqueEmail(), "Bob Facility Services");
    const aliceDashboard = await alice.get("/app/dashboard");
    const bobDashboard = await bob.get("/app/dashboard");
    expect(aliceDashboard.text).toContain("Alice Cleaning Co");
    expect(aliceDashboard.text).not.toContain("Bob Facility Services");
    expect(bobDashboard.text).toContain("Bob Facility Services");
    expect(bobDashboard.text).not.toContain("Alice Cleaning Co");
  });

  it("signs in to a redirect target with non-Latin-1 characters, percent-encoded, instead of failing", async () => {
    const email = uniqueEmail();
    await register(new HttpClient(server.url), email);
    const client = new HttpClient(server.url);
    const res = await client.post("/login", { intent: "login", email, password: goodPassword, redirectTo: "/app/leads?q=Müller & Søn" });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/app/leads?q=M%C3%BCller%20&%20S%C3%B8n");
  });

  it("signs a signed-in visitor of /login or /register straight into the workspace", async () => {
    const client = new HttpClient(server.url);
    await register(client, uniqueEmail());
    expect((await client.get("/login")).location).toBe("/app");
    expect((await client.get("/register")).location).toBe("/app");
  });
});

describe("error messages of spec §8", () => {
  it("answers a wrong password with 'Incorrect password'", async () => {
    const email = uniqueEmail();
    await register(new HttpClient(server.url), email);
    const res = await new HttpClient(server.url).post("/login", { intent: "login", email, password: "WrongPass1" });
    expect(res.status).toBe(401);
    expect(res.text).toContain("Incorrect password");
  });

  it("answers an unknown e-mail with 'No account found with this email address'", async () => {
    const res = await new HttpClient(server.url).post("/login", {
      intent: "login",
      email: "nobody-here@example.com",
      password: goodPassword,
    });
    expect(res.status).toBe(401);
    expect(res.text).toContain("No account found with this email address");
  });

  it("refuses a duplicate registration with 'An account with this email already exists'", async () => {
    const email = uniqueEmail();
    expect((await register(new HttpClient(server.url), email)).status).toBe(302);
    const again = await register(new HttpClient(server.url), `  ${email.toUpperCase()} `);
    expect(again.status).toBe(400);
    expect(again.text).toContain("An account with this email already exists");
    expect(await server.services.db.user.count({ where: { email } })).toBe(1);
  });

  it.each([
    [{ businessName: "", email: "a@b.co", password: goodPassword, confirmPassword: goodPassword, acceptTerms: "on" }, "Please fill in all fields"],
    [{ businessName: "X", displayName: "Sam", email: "a@b.co", password: "short1A", confirmPassword: "short1A", acceptTerms: "on" }, "Password does not meet requirements"],
    [{ businessName: "X", displayName: "Sam", email: "a@b.co", password: goodPassword, confirmPassword: "Different1", acceptTerms: "on" }, "Passwords do not match"],
    [{ businessName: "X", displayName: "Sam", email: "a@b.co", password: goodPassword, confirmPassword: goodPassword }, "Please accept the Terms of Service and Privacy Policy"],
    [{ businessName: "X", displayName: "Sam", email: "not-an-email", password: goodPassword, confirmPassword: goodPassword, acceptTerms: "on" }, "Invalid email address"],
  ])("validates registration on the server: %j → %s", async (body, message) => {
    const res = await new HttpClient(server.url).post("/register", body as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.text).toContain(message);
  });

  it("requires both login fields and a reset e-mail", async () => {
    const client = new HttpClient(server.url);
    expect((await client.post("/login", { intent: "login", email: "", password: "" })).text).toContain(
      "Please fill in all fields",
    );
    expect((await client.post("/login?mode=reset", { intent: "reset", email: "" })).text).toContain(
      "Please enter your email address",
    );
  });

  it("locks an account after repeated failures with 'Too many failed attempts. Please try again later'", async () => {
    const email = uniqueEmail();
    await register(new HttpClient(server.url), email);
    const attacker = new HttpClient(server.url);
    for (let i = 0; i < 5; i += 1) {
      const res = await attacker.post("/login", { intent: "login", email, password: `Guess${i}Wrong` });
      expect(res.text).toContain("Incorrect password");
    }
    const blocked = await attacker.post("/login", { intent: "login", email, password: goodPassword });
    expect(blocked.status).toBe(429);
    expect(blocked.text).toContain("Too many failed attempts. Please try again later");
    expect(blocked.location).toBeNull();
  });
});

describe("password reset", () => {
  async function requestReset(email: string): Promise<string> {
    const before = (await readOutbox(server.services.outboxDir)).length;
    const res = await new HttpClient(server.url).post("/login?mode=reset", { intent: "reset", email });
    expect(res.status).toBe(200);
    expect(res.text).toContain(`We sent a password reset link to ${email}`);
    await server.services.jobs.idle([PASSWORD_RESET_QUEUE]); // the e-mail is a job (DESIGN §10)
    const mails = await readOutbox(server.services.outboxDir);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.to).toBe(email);
    const link = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    return new URL(link!).searchParams.get("token")!;
  }

  it("resets the password with an e-mailed link that works once", async () => {
    const email = uniqueEmail();
    const owner = new HttpClient(server.url);
    await register(owner, email);
    const token = await requestReset(email);
    // The token itself is never stored, only its hash: not in the reset table, nor in the job that sent it.
    expect(await server.services.db.passwordResetToken.count({ where: { tokenHash: token } })).toBe(0);
    const inJobs = await server.database.sql.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM pgboss.job WHERE data::text LIKE $1) + (SELECT count(*) FROM pgboss.archive WHERE data::text LIKE $1) AS n`,
      [`%${token}%`],
    );
    expect(Number(inJobs[0]!.n)).toBe(0);
    expect(await server.services.db.passwordResetToken.count({ where: { tokenHash: hashToken(token) } })).toBe(1);

    const page = await new HttpClient(server.url).get(`/reset-password?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Set a new password");

    const newPassword = "BrandNewPass2";
    const done = await new HttpClient(server.url).post("/reset-password", {
      token,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/login?reset=done");

    // Every existing session of the account was signed out.
    expect((await owner.get("/app/dashboard")).status).toBe(302);

    const oldLogin = await new HttpClient(server.url).post("/login", { intent: "login", email, password: goodPassword });
    expect(oldLogin.text).toContain("Incorrect password");
    const newLogin = await new HttpClient(server.url).post("/login", { intent: "login", email, password: newPassword });
    expect(newLogin.location).toBe("/app");

    const reused = await new HttpClient(server.url).post("/reset-password", {
      token,
      password: "AnotherPass3",
      confirmPassword: "AnotherPass3",
    });
    expect(reused.status).toBe(400);
    expect(reused.text).toContain("This reset link has already been used");
    const stillNew = await new HttpClient(server.url).post("/login", { intent: "login", email, password: newPassword });
    expect(stillNew.location).toBe("/app");
  });

  it("refuses an expired link", async () => {
    const email = uniqueEmail();
    await register(new HttpClient(server.url), email);
    const token = await requestReset(email);
    await server.services.db.passwordResetToken.update({
      where: { tokenHash: hashToken(token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const page = await new HttpClient(server.url).get(`/reset-password?token=${encodeURIComponent(token)}`);
    expect(page.text).toContain("This reset link has expired");
    const post = await new HttpClient(server.url).post("/reset-password", {
      token,
      password: "BrandNewPass2",
      confirmPassword: "BrandNewPass2",
    });
    expect(post.status).toBe(400);
    expect(post.text).toContain("This reset link has expired");
    const login = await new HttpClient(server.url).post("/login", { intent: "login", email, password: goodPassword });
    expect(login.location).toBe("/app");
  });

  it("answers an unknown address with 'No account found with this email address' and sends nothing", async () => {
    const before = (await readOutbox(server.services.outboxDir)).length;
    const res = await new HttpClient(server.url).post("/login?mode=reset", { intent: "reset", email: "ghost@example.com" });
    expect(res.status).toBe(400);
    expect(res.text).toContain("No account found with this email address");
    await server.services.jobs.idle([PASSWORD_RESET_QUEUE]);
    expect(await readOutbox(server.services.outboxDir)).toHaveLength(before);
  });

  it("refuses a made-up token", async () => {
    const page = await new HttpClient(server.url).get("/reset-password?token=made-up");
    expect(page.text).toContain("This reset link is not valid");
  });
});

describe("demo account and routing", () => {
  it("signs in as the real seeded demo user with its credentials (SEED_DEMO)", async () => {
    const client = new HttpClient(server.url);
    const res = await client.post("/login", DEMO_SIGN_IN);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/app");
    const dashboard = await client.get("/app/dashboard");
    expect(dashboard.text).toContain("Sparkle Commercial Cleaning");
    const demoUser = await server.services.db.user.findUniqueOrThrow({ where: { email: "demo@leadbroom.test" } });
    expect(await server.services.db.session.count({ where: { userId: demoUser.id } })).toBeGreaterThan(0);
  });

  it("sends a business without a subscription from a paid page to /pricing, remembering where it was", async () => {
    const email = uniqueEmail();
    const client = new HttpClient(server.url);
    await register(client, email);
    expect((await client.get("/app/outreach")).status).toBe(200);
    const user = await server.services.db.user.findUniqueOrThrow({ where: { email }, include: { memberships: true } });
    await server.services.db.business.update({
      where: { id: user.memberships[0]!.businessId },
      data: { trialEnd: new Date(Date.now() - 1000) },
    });
    const expired = await client.get("/app/outreach");
    expect(expired.status).toBe(302);
    expect(expired.location).toBe("/pricing?redirectTo=%2Fapp%2Foutreach");
    // Pages that need no subscription stay open, and the demo business is always subscribed.
    expect((await client.get("/app/leads")).status).toBe(200);
    const demo = new HttpClient(server.url);
    await demo.post("/login", DEMO_SIGN_IN);
    expect((await demo.get("/app/outreach")).status).toBe(200);
  });

  it("redirects unknown paths to / and unknown workspace pages to the dashboard", async () => {
    const client = new HttpClient(server.url);
    expect((await client.get("/no-such-page")).location).toBe("/");
    await client.post("/login", DEMO_SIGN_IN);
    expect((await client.get("/app/no-such-page")).location).toBe("/app/dashboard");
  });
});
