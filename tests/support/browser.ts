// Debian's Chromium driven by playwright-core (ENVIRONMENT.md). End-to-end suites skip when it is
// missing on a developer machine; CI sets REQUIRE_E2E=1 so a missing browser fails instead.
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const hasChromium = existsSync(chromiumPath);

if (!hasChromium && process.env.REQUIRE_E2E === "1") {
  throw new Error(`REQUIRE_E2E=1 but no Chromium at ${chromiumPath} (apt-get install -y chromium)`);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
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
  });
}
