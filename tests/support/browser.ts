// Debian's Chromium driven by playwright-core (ENVIRONMENT.md). End-to-end suites skip when it is
// missing on a developer machine; CI sets REQUIRE_E2E=1 so a missing browser fails instead.
import { existsSync } from "node:fs";
import { buffer } from "node:stream/consumers";
import { chromium, type Browser, type Download, type LaunchOptions, type Page, type Request } from "playwright-core";
import { HYDRATED_EVENT } from "../../dashboard/app/lib/intent-hydration.ts";

/** Debian's Chromium, the full browser: the Web Push file (installability, notifications), scripts and benches. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const hasChromium = existsSync(chromiumPath);

/**
 * Debian's headless shell (package chromium-headless-shell): the same Blink and V8 as the browser above,
 * without the browser's own user interface (its top-chrome WebUI renderer, its window and GPU
 * compositing). The browser lane's one Chromium (global-setup-browser.ts) is this one when it is
 * installed: first-week.test.ts took 128 CPU-s with it against 172 with the full browser (decision 0109).
 * It has no notifications, so web-push.test.ts launches the full browser. Without it, the lane uses the
 * full browser.
 */
const headlessShellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
export const laneChromiumPath = existsSync(headlessShellPath) ? headlessShellPath : chromiumPath;

if (process.env.REQUIRE_E2E === "1") {
  if (!hasChromium) throw new Error(`REQUIRE_E2E=1 but no Chromium at ${chromiumPath} (apt-get install -y chromium)`);
  if (laneChromiumPath !== headlessShellPath) {
    throw new Error(`REQUIRE_E2E=1 but no headless shell at ${headlessShellPath} (apt-get install -y chromium-headless-shell)`);
  }
}

/** A headless Chromium (by default the full browser), with what it would fetch or start of its own switched off. */
export function chromiumLaunchOptions(executablePath = chromiumPath): LaunchOptions {
  return {
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  };
}

/** Where the e2e project's one Chromium listens (tests/support/global-setup-browser.ts, decision 0096). */
export const CHROMIUM_ENDPOINT_ENV = "LB_CHROMIUM_WS_ENDPOINT";

/**
 * A browser for one test file. In the e2e project: a connection to the lane's one Chromium, started
 * by its global setup (launching a Chromium per file cost each browser file about a second of CPU);
 * `close()` closes the file's contexts and the connection, not the browser. Elsewhere (a script, a
 * file run without that setup): a Chromium of its own, the full browser.
 */
export function launchChromium(): Promise<Browser> {
  const endpoint = process.env[CHROMIUM_ENDPOINT_ENV];
  return endpoint ? chromium.connect(endpoint) : chromium.launch(chromiumLaunchOptions());
}

/**
 * Remix's single fetch logs (console.error), or leaves unhandled (an uncaught AbortError), the abort of
 * a data request that the router itself cancelled mid-body (a navigation or revalidation superseding
 * it, or a reload): harmless, nothing is lost or shown, and not ours to fix
 * (remix-run/react-router#14203, fix proposed in #14761). Only this exact message is ignored; any other
 * error still fails the suites that watch for them.
 */
export function isRemixAbortNoise(text: string): boolean {
  return /(^|: )AbortError: signal is aborted without reason/.test(text) || /^signal is aborted without reason$/.test(text);
}

/**
 * A visitor's first sign of life: the pointer moves over the page. The public reading pages run their
 * scripts (hydrate, show the chat launcher) only then (decision 0092), as they do for a person who
 * moves a mouse, touches the screen or presses a key.
 */
export async function signOfLife(page: Page): Promise<void> {
  await page.mouse.move(3, 3);
  await page.mouse.move(6, 6);
}

const hydrationWatched = new WeakSet<Page>();

/** From now on, records in each document the page loads when React has hydrated it (entry.client.tsx's HYDRATED_EVENT). */
export async function watchHydration(page: Page): Promise<void> {
  if (hydrationWatched.has(page)) return;
  hydrationWatched.add(page);
  await page.addInitScript((event) => {
    window.addEventListener(event, () => ((window as unknown as { __lbHydrated?: boolean }).__lbHydrated = true), { once: true });
  }, HYDRATED_EVENT);
}

/** Waits until React has hydrated the page's document (watchHydration must have been called before it loaded). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __lbHydrated?: boolean }).__lbHydrated === true);
}

/** A request that stays open by design and never "finishes" while the page lives: socket.io's transports. */
const isLongLived = (request: Request) => request.resourceType() === "websocket" || request.url().includes("/socket.io/");

/**
 * Watches a page's requests so that `settled()` can wait for the page to be done after a navigation:
 * React has hydrated it (entry.client.tsx's HYDRATED_EVENT) and none of its own requests (route
 * modules, loaders, fetches its effects started, fonts, images) is in flight for `quietMs`. It ends
 * as soon as that holds, where Playwright's "networkidle" always waits 500 ms of silence after the last
 * request: on a page sweep that wait was three quarters of each page's time (decision 0101).
 * socket.io's connections (a long poll, a WebSocket) are not counted: they stay open.
 */
export async function watchRequests(page: Page, quietMs = 120): Promise<{ settled(): Promise<void> }> {
  const inFlight = new Set<Request>();
  let changedAt = performance.now();
  const done = (request: Request) => {
    if (inFlight.delete(request)) changedAt = performance.now();
  };
  page.on("request", (request) => {
    if (isLongLived(request)) return;
    inFlight.add(request);
    changedAt = performance.now();
  });
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  // A navigation drops what the previous document had in flight without a "finished" event.
  page.on("framenavigated", (frame) => {
    if (frame !== page.mainFrame()) return;
    for (const request of inFlight) if (!request.isNavigationRequest() && request.frame() === frame) inFlight.delete(request);
  });
  await watchHydration(page);
  return {
    async settled() {
      await page.waitForLoadState("load");
      await hydrated(page);
      const deadline = performance.now() + 30_000;
      while (inFlight.size > 0 || performance.now() - changedAt < quietMs) {
        if (performance.now() > deadline) throw new Error(`${page.url()} still loading after 30 s: ${[...inFlight].map((r) => r.url()).join(", ")}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

/** Reports a page's uncaught errors and console errors, except Remix's abort noise (isRemixAbortNoise). */
export function watchPageErrors(page: Page, report: (text: string) => void): void {
  page.on("pageerror", (error) => {
    if (!isRemixAbortNoise(`${error.name}: ${error.message}`)) report(error.message);
  });
  page.on("console", (message) => {
    if (message.type() === "error" && !isRemixAbortNoise(message.text())) report(message.text());
  });
}

/** Signs in through the /login form as a person would and waits for the workspace. */
export async function signInThroughForm(page: Page, appUrl: string, email: string, password: string): Promise<void> {
  await watchHydration(page);
  await page.goto(`${appUrl}/login`);
  // A person reads the form before typing: by then its scripts have run. Submitted before hydration (a
  // native POST, which signs in as well), the page being left once logged React's #345 "Root did not
  // complete" under load (CI, decision 0101); tests of pages before hydration say so on purpose.
  await hydrated(page);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL(/\/app\//);
}

/**
 * A finished download's bytes. Streamed from the browser: `download.path()` is not available on the
 * e2e lane's shared Chromium, which the files reach over a connection (decision 0096).
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  return buffer(await download.createReadStream());
}
