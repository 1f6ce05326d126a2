// `npm run dev` works for the browser (issue 30): `tsx server/main.ts --dev` on a free port with a fresh
// data directory and a fresh Vite optimizer cache (as on a fresh clone) serves pages that hydrate and go
// live. Before the fix every start logged `Could not resolve "@node-rs/argon2-wasm32-wasi"` (server-only
// packages reached the browser's dependency optimizer), modules got 504 "Outdated Optimize Dep" and
// nothing hydrated. Here: the register page's password checklist reacts to typing (React is running),
// the form signs the new owner in through a client navigation, and the workspace page's /workspace socket
// connects (socket.io's namespace handshake is seen on the page's WebSocket). No 504 and no optimizer error.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchChromium, watchPageErrors } from "../support/browser.ts";
import { freePort } from "../support/test-server.ts";

const repoRoot = path.resolve(import.meta.dirname, "../..");

describe.skipIf(!hasChromium)("development mode (npm run dev)", () => {
  let child: ChildProcess;
  let browser: Browser;
  let url: string;
  let dataDir: string;
  let output = "";

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "leadbroom-dev-"));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(path.join(repoRoot, "node_modules/.bin/tsx"), ["server/main.ts", "--dev"], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: "development",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: path.join(dataDir, "data"),
        LB_VITE_CACHE_DIR: path.join(dataDir, "vite"),
        SEED_DEMO: "false",
        PUBLIC_APP_URL: url,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (/listening on/.test(output)) return resolve();
        if (child.exitCode !== null) return reject(new Error(`the dev server exited: ${output}`));
        setTimeout(check, 100);
      };
      check();
    });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it("serves a page that hydrates, signs in through the form and connects the workspace socket", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    watchPageErrors(page, (text) => errors.push(text));
    const failed: string[] = [];
    // What socket.io received, over long-polling (its first transport) or the WebSocket it upgrades to.
    const frames: string[] = [];
    page.on("response", (res) => {
      if (res.status() >= 500) failed.push(`${res.status()} ${res.url()}`);
      if (res.url().includes("/socket.io/") && res.request().method() === "GET") {
        res.text().then((text) => frames.push(...text.split("\x1e")), () => {});
      }
    });
    page.on("websocket", (ws) => ws.on("framereceived", ({ payload }) => frames.push(String(payload))));

    // A first dev page loads its modules one by one (and waits for the optimizer): slow on a loaded machine.
    page.setDefaultTimeout(120_000);
    await page.goto(`${url}/register`, { waitUntil: "domcontentloaded" });
    // Hydrated: Remix's router runs in the page, and the checklist reacts to typing.
    await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);
    await page.getByLabel("Business name").fill("Dev Mode Cleaning");
    await page.getByLabel("Your name").fill("Dana Dev");
    await page.getByLabel("Email").fill(`dev-${Date.now()}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("weak");
    await expect.poll(() => page.locator('#password-rules li[data-met="true"]').count(), { timeout: 120_000 }).toBe(1);
    await page.getByLabel("Password", { exact: true }).fill("DevMode2026");
    await expect.poll(() => page.locator('#password-rules li[data-met="true"]').count()).toBe(4);
    await page.getByLabel("Confirm password").fill("DevMode2026");
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(`${url}/app/dashboard`, { waitUntil: "domcontentloaded" });
    await page.getByRole("heading", { level: 1, name: /Dev Mode Cleaning/ }).waitFor();
    // Live: socket.io's namespace handshake answer ("40/workspace,{sid…}") arrived on the page's socket.
    await expect.poll(() => frames.some((f) => f.startsWith("40/workspace,")), { timeout: 120_000 }).toBe(true);

    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    expect(output).not.toMatch(/Could not resolve|error while updating dependencies|Outdated Optimize Dep/);
    await context.close();
  }, 300_000);
});
