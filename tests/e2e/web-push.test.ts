// The installable workspace and its service worker in real Chromium (issue 34, decisions 0069, 0077):
// Chromium finds nothing that stops installing the workspace (`Page.getInstallabilityErrors` in a
// persistent profile); a push delivered to the real service worker through the DevTools protocol
// (`ServiceWorker.deliverPushMessage`) is shown as a notification when no workspace window is focused,
// with the lead's page as its target, and what its click runs takes the workspace window to the lead;
// with the workspace focused it is an in-app toast whose link opens the lead (the page confirms it to the
// worker, which otherwise shows the notification after all).
// A member also turns notifications on in Settings → Notifications, and a visitor who becomes a High
// lead rings that device at a local push service (tests/support/push-service.ts) that checks the VAPID
// JWT and decrypts the payload with the device's keys. Chromium's own PushManager.subscribe needs the
// browser vendor's push service (it waits for Google's, unreachable here), so the page's PushManager
// answers as a push service would: an endpoint on the local service and that device's public keys;
// everything after it (the page, the server, the job, the encryption) is the product's.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type CDPSession } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { startPushService, type PushService } from "../support/push-service.ts";
import { until } from "../support/until.ts";
import { Visitor } from "../support/widget-client.ts";
import { chromiumLaunchOptions, hasChromium, signInThroughForm, watchPageErrors } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const PASSWORD = "PushRings2026";

describe.skipIf(!hasChromium)("the workspace's service worker and Web Push", () => {
  let server: TestServer;
  let context: BrowserContext;
  let profile: string;
  let email: string;
  let leadId: string;
  let businessId: string;
  let pushService: PushService;

  beforeAll(async () => {
    profile = await mkdtemp(path.join(os.tmpdir(), "lb-push-profile-"));
    pushService = await startPushService(() => server.services.vapid.publicKey);
    server = await startTestServer({ seedDemo: false, env: { WEBHOOKS_ALLOW_LOOPBACK: "true" } });
    email = `ringing-${Date.now()}@example.com`;
    const registered = await registerAccount(server.services.db, { businessName: "Ringing Phones Co", displayName: "Robin Ring", email, password: PASSWORD });
    if (!registered.ok) throw new Error(registered.code);
    businessId = registered.value.businessId;
    await server.services.db.business.update({ where: { id: businessId }, data: { subscriptionStatus: "active", plan: "Pro" } });
    const lead = await server.services.db.lead.create({
      data: { businessId: registered.value.businessId, name: "Pia Push", company: "Push Plaza", score: 8.9, priority: "high", status: "new" },
    });
    leadId = lead.id;
    // A persistent profile: installability and service workers behave as in an installed browser.
    // The full browser (not the lane's headless shell), with the suites' launch flags.
    context = await chromium.launchPersistentContext(profile, { ...chromiumLaunchOptions(), viewport: { width: 360, height: 800 } });
    await context.grantPermissions(["notifications"], { origin: server.url });
  }, 600_000);

  afterAll(async () => {
    await context?.close();
    await server?.close();
    await pushService?.close();
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  /** The workspace's registration id, from the DevTools protocol's ServiceWorker domain. */
  async function registrationId(cdp: CDPSession): Promise<string> {
    const scope = `${server.url}/app`;
    const found = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const match = registrations.find((r) => r.scopeURL.replace(/\/$/, "") === scope && !r.isDeleted);
        if (match) resolve(match.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    return found;
  }

  it("is installable, shows a pushed High lead as a notification, and as a toast that opens the lead when the workspace is focused", async () => {
    // Tells the test when a page listens for its service worker's messages (the workspace, once hydrated).
    await context.addInitScript(() => {
      const container = navigator.serviceWorker;
      if (!container) return;
      const add = container.addEventListener.bind(container);
      container.addEventListener = ((type: string, ...rest: [EventListenerOrEventListenerObject, (boolean | AddEventListenerOptions)?]) => {
        if (type === "message") (window as unknown as { lbSwListening?: boolean }).lbSwListening = true;
        return add(type, ...rest);
      }) as typeof container.addEventListener;
    });
    await context.clearCookies(); // signed out, also when CI retries this test in the same profile
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    watchPageErrors(page, (text) => errors.push(text));
    await signInThroughForm(page, server.url, email, PASSWORD);
    await page.goto(`${server.url}/app/dashboard`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.url}/app`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null || document.readyState === "complete");

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: unknown[] };
    console.log(`[web-push e2e] Page.getInstallabilityErrors: ${JSON.stringify(installabilityErrors)}`);
    expect(installabilityErrors).toEqual([]);

    const id = await registrationId(cdp);
    const payload = { kind: "high-lead", title: "New High lead", body: "Push Plaza · score 8.9/10", url: `/app/leads/${leadId}`, tag: `lead-${leadId}` };

    // No workspace window focused (the tab shows the offline page, outside /app): a notification.
    await page.goto(`${server.url}/offline.html`);
    const worker = context.serviceWorkers().find((w) => w.url().endsWith("/sw.js")) ?? (await context.waitForEvent("serviceworker"));
    const workerLog: string[] = [];
    worker.on("console", (message) => workerLog.push(message.text()));
    const shown = () =>
      worker.evaluate(async () =>
        (await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })),
      );
    const expected = [{ title: "New High lead", body: "Push Plaza · score 8.9/10", tag: `lead-${leadId}`, data: { url: `${server.url}/app/leads/${leadId}` } }];
    // DevTools' delivery into the worker is occasionally lost on a loaded machine (seen once in CI and
    // once under three busy loops here, never reproduced with logging on): the same push is delivered
    // again once, after 15 s without a notification. A worker that never shows it still fails.
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: server.url, registrationId: id, data: JSON.stringify(payload) });
    const firstTry = await expect.poll(shown, { timeout: 15_000 }).toEqual(expected).then(
      () => true,
      () => false,
    );
    if (!firstTry) {
      console.log(`[web-push e2e] no notification 15 s after the first delivery; worker log: ${JSON.stringify(workerLog)}; delivering again`);
      await cdp.send("ServiceWorker.deliverPushMessage", { origin: server.url, registrationId: id, data: JSON.stringify(payload) });
      await expect.poll(shown, { timeout: 30_000 }).toEqual(expected);
    }

    // What a click on it runs (the service worker's notificationclick handler calls openPushTarget with
    // the notification's page; a headless browser has no notification to click): the open workspace
    // window goes to the lead.
    await page.goto(`${server.url}/app/dashboard`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await worker.evaluate(async () => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration; openPushTarget(url: string): Promise<unknown> };
      const [notification] = await scope.registration.getNotifications();
      await scope.openPushTarget((notification!.data as { url: string }).url);
    });
    await page.waitForURL(`${server.url}/app/leads/${leadId}`);
    await page.getByText("Pia Push").first().waitFor();

    // The workspace open and focused: the push is an in-app toast, and its link opens the lead. The push
    // goes in once the page listens for the worker's messages (hydrated) and the worker sees it focused
    // (a page still loading would not confirm the toast, and the worker would show a notification).
    await page.goto(`${server.url}/app/dashboard`);
    await page.bringToFront();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null && (window as unknown as { lbSwListening?: boolean }).lbSwListening === true);
    const focusedClients = () =>
      worker.evaluate(async () =>
        (await (self as unknown as { clients: { matchAll(o: object): Promise<{ url: string; focused: boolean; visibilityState: string }[]> } }).clients.matchAll({ type: "window" }))
          .filter((client) => client.focused && client.visibilityState === "visible")
          .map((client) => new URL(client.url).pathname),
      );
    await expect.poll(focusedClients, { timeout: 30_000 }).toEqual(["/app/dashboard"]);
    const before = (await shown()).length;
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: server.url, registrationId: id, data: JSON.stringify({ ...payload, tag: "second" }) });
    const toast = page.getByRole("status").filter({ hasText: "New High lead" });
    await toast.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
      console.log(`[web-push e2e] no toast; focused windows ${JSON.stringify(await focusedClients())}, notifications ${(await shown()).length} (before ${before}), worker log ${JSON.stringify(workerLog)}`);
      throw error;
    });
    expect((await shown()).length).toBe(before); // shown in the page, not as a notification as well
    await toast.getByRole("link").click();
    await page.waitForURL(`${server.url}/app/leads/${leadId}`);
    await page.getByText("Pia Push").first().waitFor();
    expect(errors).toEqual([]);
  });

  it("turns notifications on in Settings, and a visitor who becomes a High lead rings this device within 2 s", async () => {
    const device = pushService.device();
    await context.addInitScript(({ endpoint, p256dh, auth }) => {
      // The push service's answer (see the file's header): this device's endpoint and public keys.
      let current: unknown = null;
      const subscription = (key: string) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key },
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => ((current = null), true),
      });
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey;
        if (typeof key !== "string" || !options?.userVisibleOnly) throw new DOMException("applicationServerKey and userVisibleOnly are required", "NotAllowedError");
        (window as unknown as { lbPushKey: string }).lbPushKey = key;
        current = subscription(key);
        return current as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return current as PushSubscription | null;
      };
    }, { endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.authText });
    const page = await context.newPage();
    const errors: string[] = [];
    watchPageErrors(page, (text) => errors.push(text));
    await page.goto(`${server.url}/app/settings/notifications`);
    await page.getByRole("button", { name: "Turn on notifications on this device" }).click();
    await page.getByText("Notifications are on for this device.").waitFor();
    await page.getByText("This device", { exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { lbPushKey: string }).lbPushKey)).toBe(server.services.vapid.publicKey);
    const stored = await server.services.db.pushSubscription.findMany({ where: { businessId } });
    expect(stored.map((s) => s.endpoint)).toEqual([device.endpoint]);

    // A visitor on the company's site qualifies as a High lead.
    const chatbot = await server.services.db.chatbot.findFirstOrThrow({ where: { businessId } });
    const visitor = new Visitor(server.url, { siteKey: chatbot.siteKey });
    await visitor.connect();
    expect((await visitor.open({ pageUrl: "https://ringing.example/quote" })).ok).toBe(true);
    await visitor.qualifyHighLead({ name: "Hana Holt", company: "Holt Plaza", contact: "hana@holtplaza.example, 617-555-0123" });
    visitor.disconnect();
    const lead = await until(() => server.services.db.lead.findFirst({ where: { conversationId: visitor.conversationId! } }), (l) => l !== null);
    const [push] = await pushService.pushesTo(device.path, 1);
    expect(lead!.priority).toBe("high");
    expect(push!.payload).toMatchObject({ kind: "high-lead", title: "New High lead", url: `/app/leads/${lead!.id}` });
    const delay = push!.at - lead!.createdAt.getTime();
    const load = os.loadavg()[0]!;
    console.log(`[web-push e2e] High lead → push at the local push service in ${delay} ms (load ${load.toFixed(2)} on ${os.cpus().length} cores)`);
    // 2 s (issue 34) with cores to spare; a machine running more jobs than it has cores stretches it alike.
    expect(delay).toBeLessThan(2_000 * Math.max(1, load / os.cpus().length));

    // The device's own forms (sent outside the router, decision 0108): what rings is saved, a test push
    // arrives, and the device is removed.
    const row = page.getByRole("listitem").filter({ hasText: "This device" });
    await row.getByLabel("A walkthrough is booked").uncheck();
    await row.getByRole("button", { name: "Save", exact: true }).click();
    await row.getByText("Saved.", { exact: true }).waitFor();
    const saved = await server.services.db.pushSubscription.findFirstOrThrow({ where: { businessId } });
    expect(saved.events).not.toContain("appointment-booked");
    expect(saved.events).toContain("high-lead");
    await row.getByRole("button", { name: "Send a test" }).click();
    await row.getByText("Test notification sent. It should appear within a few seconds.").waitFor();
    expect((await pushService.pushesTo(device.path, 2)).length).toBe(2);
    await row.getByRole("button", { name: "Remove device" }).click();
    await page.getByText("No device gets notifications yet.").waitFor();
    expect(await server.services.db.pushSubscription.count({ where: { businessId } })).toBe(0);

    // Signed out meanwhile (the session revoked): the section's next request takes the browser to sign
    // in, to come back to this page afterwards (not to the JSON route it asked).
    await server.services.db.session.deleteMany({ where: { user: { email } } });
    await page.getByRole("button", { name: "Turn on notifications on this device" }).click();
    await page.waitForURL(`${server.url}/login?redirectTo=%2Fapp%2Fsettings%2Fnotifications`);
    expect(await server.services.db.pushSubscription.count({ where: { businessId } })).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
