import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HYDRATED_EVENT } from "~/lib/intent-hydration";

/**
 * Tells the page's loader that React now handles events: what the visitor did before is replayed
 * (decision 0092). A parent's effect runs after all of its children's, so after the whole hydration. It
 * wraps the app rather than sitting beside it: a sibling would change every `useId` (a tree fork) and
 * hydration would meet ids the server did not write.
 */
function HydrationSignal({ children }: { children: ReactNode }) {
  useEffect(() => {
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return children;
}

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydrationSignal>
          <RemixBrowser />
        </HydrationSignal>
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
