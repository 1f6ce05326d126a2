// Vitest global setup of the e2e project (decision 0096): one Chromium for the whole browser lane,
// started once in the main process as a Playwright browser server. The browser files connect to it
// (launchChromium in browser.ts) instead of each launching and closing a Chromium of their own; each
// file still works in browser contexts of its own, which share no cookies, storage or cache, and
// closing its connection closes them. It is Debian's headless shell when installed (browser.ts,
// decision 0109).
import { chromium } from "playwright-core";
import { CHROMIUM_ENDPOINT_ENV, chromiumLaunchOptions, hasChromium, laneChromiumPath } from "./browser.ts";

export default async function setup(): Promise<() => Promise<void>> {
  if (!hasChromium) return async () => {};
  const server = await chromium.launchServer(chromiumLaunchOptions(laneChromiumPath));
  // The lane's worker threads copy the main process's environment when they start, after this.
  process.env[CHROMIUM_ENDPOINT_ENV] = server.wsEndpoint();
  return async () => {
    delete process.env[CHROMIUM_ENDPOINT_ENV];
    await server.close();
  };
}
