// The live Notifications page and requests to routes no page links to (decision 0108). With lazy route
// discovery, a Remix fetcher to such a route first asks /__manifest for it, and a revalidation while that
// request was in flight (this page revalidates on every live notification) replaced the whole page with
// the root boundary's "404 Not Found". Here the page's own requests are held while the router
// revalidates, whichever kind they are (a discovery request or the data request itself), then let go:
// the page stays, its push devices load, and "Mark all as read" marks them read.
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { registerAccount } from "#server/auth/accounts.server.ts";
import { hasChromium, launchChromium, signInThroughForm, watchPageErrors, watchRequests } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const PASSWORD = "NoticeBoard2026";

/** Holds the requests `matches` picks until `release()`; the rest go through. */
async function holdRequests(page: Page, matches: (url: URL, method: string) => boolean) {
  const held: Route[] = [];
  await page.route("**/*", async (route) => {
    const request = route.request();
    if (matches(new URL(request.url()), request.method())) held.push(route);
    else await route.fallback();
  });
  return {
    held: () => held.map((r) => `${r.request().method()} ${new URL(r.request().url()).pathname}`),
    async release() {
      await page.unroute("**/*");
      for (const route of held.splice(0)) await route.fallback();
    },
  };
}

/** What the router's own revalidation does after a live event (useRevalidator), started from outside. */
function revalidate(page: Page): Promise<void> {
  return page.evaluate(() => {
    void (window as unknown as { __remixRouter: { revalidate(): unknown } }).__remixRouter.revalidate();
  });
}

describe.skipIf(!hasChromium)("requests to unlinked routes on a live page", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer({ seedDemo: false }), launchChromium()]);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("keeps the Notifications page through revalidations while its push devices load and its marks are sent", async () => {
    const email = `notices-${Date.now()}@example.com`;
    const registered = await registerAccount(server.services.db, { businessName: "Notice Board Cleaning", displayName: "Nia Notice", email, password: PASSWORD });
    if (!registered.ok) throw new Error(registered.code);
    await server.services.db.notification.create({ data: { businessId: registered.value.businessId, type: "new-lead", text: "New high-priority lead: Otto Onyx (Onyx Offices)" } });
    const context = await browser.newContext();
    onTestFinished(() => context.close());
    const page = await context.newPage();
    const errors: string[] = [];
    watchPageErrors(page, (text) => errors.push(text));
    await signInThroughForm(page, server.url, email, PASSWORD);

    // The push devices' list, asked for when the page mounts: held (its discovery, or the list itself).
    const loads = await holdRequests(page, (url) => url.pathname === "/__manifest" || url.pathname === "/app/push-devices");
    const requests = await watchRequests(page);
    await page.goto(`${server.url}/app/notifications`);
    await page.getByRole("heading", { level: 1, name: "Notifications" }).waitFor();
    await expect.poll(() => loads.held().length, { timeout: 15_000 }).toBeGreaterThan(0);
    await revalidate(page);
    await page.getByText("1 unread").waitFor();
    await loads.release();
    await requests.settled();
    expect(await page.getByRole("heading", { level: 1 }).allTextContents()).toEqual(["Notifications"]);
    await page.getByText(/No device gets notifications yet\.|This browser cannot show notifications from websites\./).waitFor({ timeout: 15_000 });

    // "Mark all as read", its request held while the page revalidates.
    const marks = await holdRequests(page, (url, method) => url.pathname === "/__manifest" || (method === "POST" && url.pathname.startsWith("/app/notifications")));
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect.poll(() => marks.held().length, { timeout: 15_000 }).toBeGreaterThan(0);
    await revalidate(page);
    await marks.release();
    const user = await server.services.db.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
    await expect.poll(() => server.services.db.notificationRead.count({ where: { userId: user.id } }), { timeout: 15_000 }).toBe(1);
    await requests.settled();
    expect(await page.getByRole("heading", { level: 1 }).allTextContents()).toEqual(["Notifications"]);
    expect(await page.getByTestId("unread-count").textContent()).toBe("You're all caught up.");

    expect(errors).toEqual([]);

    // The devices' list failing (the network): the section says so, the page stays.
    await page.route("**/app/push-devices", (route) => route.abort());
    await page.reload();
    await page.getByText("Your devices could not be loaded. Reload the page.").waitFor({ timeout: 15_000 });
    expect(await page.getByRole("heading", { level: 1 }).allTextContents()).toEqual(["Notifications"]);
    // The browser's own report of the refused request, and nothing else.
    expect(errors.filter((text) => !text.includes("net::ERR_FAILED"))).toEqual([]);
  }, 120_000);
});
