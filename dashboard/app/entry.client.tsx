import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// Paint the server-rendered page first, then hydrate (issue 32.10): on a fast connection the scripts
// arrive before the first frame, and hydrating then held the first paint (a phone's FCP and LCP) behind
// a second of script work. A frame callback runs just before a paint, so a task queued from it runs
// after that paint. A hidden page paints nothing and gets no frames: it hydrates straight away.
let started = false;
const start = () => {
  if (started) return;
  started = true;
  hydrate();
};
if (document.visibilityState === "visible") {
  requestAnimationFrame(() => setTimeout(start, 0));
  // Frames can stop (a tab hidden in between): hydration never waits for one longer than this.
  setTimeout(start, 500);
} else {
  start();
}
