// The embed-demo site as a customer's website for end-to-end tests: served on 127.0.0.1 and opened as
// localhost, so it is another origin than the app (http://127.0.0.1:PORT), as on a real customer's site.
import type { Page } from "playwright-core";
import { startEmbedDemo, type EmbedDemo } from "../../embed-demo/serve.ts";
import { freePort } from "./test-server.ts";

export async function startCustomerSite(appUrl: string, siteKey = "demo"): Promise<EmbedDemo> {
  const demo = await startEmbedDemo({ port: await freePort(), appUrl, siteKey, host: "127.0.0.1" });
  return { ...demo, url: demo.url.replace("127.0.0.1", "localhost") };
}

/** The visitor types a message in the open widget and presses Enter. */
export async function visitorSays(page: Page, text: string): Promise<void> {
  const input = page.getByRole("textbox", { name: "Type your message" });
  await input.fill(text);
  await input.press("Enter");
}

/** The visitor clicks a quick reply once it is shown. */
export async function visitorChooses(page: Page, quickReply: string): Promise<void> {
  const button = page.getByRole("button", { name: quickReply, exact: true });
  await button.waitFor();
  await button.click();
}
