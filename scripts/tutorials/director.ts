// Drives one page at a pace a viewer can follow while it is recorded: a visible pointer glides to what
// it clicks, text is typed word by word, and every step says what it does as a caption, timed on the
// video's clock from the moment the step begins to the moment the next one does.
import type { Locator, Page } from "playwright-core";
import type { Screencast } from "./screencast.ts";
import type { Cue } from "./webvtt.ts";

/** A pointer drawn into the recorded pages (a headless screencast shows no mouse). */
const POINTER_SCRIPT = `(() => {
  const draw = () => {
    if (document.getElementById("tutorial-pointer") || !document.body) return;
    const dot = document.createElement("div");
    dot.id = "tutorial-pointer";
    dot.setAttribute("aria-hidden", "true");
    dot.style.cssText = "position:fixed;left:-40px;top:-40px;width:22px;height:22px;margin:-11px 0 0 -11px;border-radius:50%;background:rgba(220,38,38,.35);border:2px solid #b91c1c;pointer-events:none;z-index:2147483647;transition:transform .12s";
    document.body.appendChild(dot);
    addEventListener("mousemove", (e) => { dot.style.left = e.clientX + "px"; dot.style.top = e.clientY + "px"; }, true);
    addEventListener("mousedown", () => (dot.style.transform = "scale(.7)"), true);
    addEventListener("mouseup", () => (dot.style.transform = ""), true);
  };
  document.readyState === "loading" ? addEventListener("DOMContentLoaded", draw) : draw();
})();`;

export const TYPING_PAUSE_MS = 180;
export const READING_PAUSE_MS = 1200;

export class Director {
  readonly cues: Cue[] = [];
  private open: { start: number; text: string } | null = null;

  constructor(
    readonly page: Page,
    private readonly cast: Screencast,
  ) {}

  static async pointer(page: Page): Promise<void> {
    await page.context().addInitScript(POINTER_SCRIPT);
  }

  /** Starts a step: its caption shows from now until the next step starts. */
  async say(text: string): Promise<void> {
    this.closeCue();
    this.open = { start: this.cast.now(), text };
    console.log(`  ${this.open.start.toFixed(1)} s  ${text}`);
    await this.pause(READING_PAUSE_MS);
  }

  pause(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  /** Brings the element into view and glides the pointer onto it. */
  async point(target: Locator): Promise<void> {
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    if (!box) return;
    await this.page.mouse.move(box.x + Math.min(box.width / 2, 40), box.y + box.height / 2, { steps: 12 });
    await this.pause(250);
  }

  async click(target: Locator): Promise<void> {
    await this.point(target);
    await target.click();
    await this.pause(400);
  }

  async type(target: Locator, text: string): Promise<void> {
    await this.point(target);
    await target.click();
    // Word by word: readable on screen, and a loaded machine's per-key round trips do not stretch the
    // video (key by key took 60 s for a registration form at load average 15).
    for (const word of text.split(/(?<= )/)) {
      await this.page.keyboard.insertText(word);
      await this.pause(TYPING_PAUSE_MS);
    }
    await this.pause(300);
  }

  async choose(target: Locator, value: string): Promise<void> {
    await this.point(target);
    await target.selectOption(value);
    await this.pause(500);
  }

  /** Scrolls smoothly so `target` sits in the upper part of the screen. */
  async show(target: Locator): Promise<void> {
    await target.evaluate((el) => el.scrollIntoView({ behavior: "smooth", block: "start" }));
    await this.pause(900);
  }

  private closeCue() {
    if (!this.open) return;
    this.cues.push({ start: this.open.start, end: this.cast.now(), text: this.open.text });
    this.open = null;
  }

  /** Closes the last caption (held a moment so it can be read) and returns every cue. */
  async finish(): Promise<Cue[]> {
    await this.pause(1500);
    this.closeCue();
    return this.cues;
  }
}
