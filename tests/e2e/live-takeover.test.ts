// Live takeover end to end (issue 20): a visitor on the customer's site (the embed demo, another origin)
// chats; the owner sees them in Live chats, opens the conversation, joins, and they talk live: the visitor
// sees the join line and the owner's message with name and initials; the owner sees the visitor typing
// and writing; after Leave the chatbot asks its question again. The inbox and the live chat are axe clean
// at 360 px.
import { describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe.ts";
import { hasChromium, watchPageErrors } from "../support/browser.ts";
import { openCustomerChat, visitorChooses, visitorSays, withCustomerSite } from "../support/customer-site.ts";
import { DEMO } from "#server/demo/demo-credentials.ts";

describe.skipIf(!hasChromium)("live takeover", () => {
  const setup = withCustomerSite();

  it("lets the owner join a visitor's chat on the customer's site and talk live", async () => {
    const { server, browser, site } = setup;
    const { page: visitor, log } = await openCustomerChat(browser, site);
    await visitorChooses(visitor, "Regular Commercial Cleaning");
    await expect.poll(() => log.getByText(/how large/i).count()).toBeGreaterThan(0);

    const ownerContext = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const owner = await ownerContext.newPage();
    const ownerErrors: string[] = [];
    watchPageErrors(owner, (text) => ownerErrors.push(text));
    await owner.goto(`${server.url}/login?redirectTo=%2Fapp%2Flive`);
    await owner.getByLabel("Email").fill(DEMO.email);
    await owner.getByLabel("Password").fill(DEMO.password);
    await owner.getByRole("button", { name: "Sign In", exact: true }).click();
    await owner.waitForURL(`${server.url}/app/live`);
    await owner.getByRole("heading", { name: /Chatting now \(1\)/ }).waitFor({ timeout: 15_000 });
    expect(await axeViolations(owner)).toEqual([]);

    await owner.getByRole("link", { name: /^Visitor on / }).click();
    await owner.getByRole("heading", { name: "Live chat" }).waitFor();
    await owner.getByRole("button", { name: "Join", exact: true }).click();
    await owner.getByText("You have joined this chat.", { exact: false }).waitFor();
    await log.getByText("joined the chat", { exact: false }).waitFor({ timeout: 15_000 });

    await owner.getByLabel("Message to the visitor").fill("Hi, this is the team. How can we help?");
    await owner.getByRole("button", { name: "Send", exact: true }).click();
    await log.getByText("Hi, this is the team. How can we help?").waitFor({ timeout: 15_000 });
    expect(await axeViolations(owner, "section[aria-labelledby='live-chat-heading']")).toEqual([]);

    // The visitor types and writes: the owner sees both; the chatbot stays silent.
    await visitor.getByRole("textbox").fill("Do you clean windows");
    await owner.getByText("The visitor is typing…").waitFor({ timeout: 15_000 });
    await visitorSays(visitor, "Do you clean windows too?");
    await owner.getByRole("list", { name: "Messages" }).getByText("Do you clean windows too?").waitFor({ timeout: 15_000 });

    await owner.getByRole("button", { name: "Leave", exact: true }).click();
    await log.getByText("left the chat", { exact: false }).waitFor({ timeout: 15_000 });
    await log.getByText(/Thanks for waiting\. Let's pick up where we left off\./).waitFor({ timeout: 15_000 });
    expect(ownerErrors).toEqual([]);
  });
});
