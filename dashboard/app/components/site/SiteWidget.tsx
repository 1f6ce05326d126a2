// LeadBroom's own chatbot on the public site (the product dogfooded). The loader script is added
// after hydration: it appends its launcher to <body>, which React owns while hydrating the document,
// so a server-rendered tag would race hydration. Leaving the public site (for /app) hides the launcher;
// coming back shows it again. The loader is ~2 KB and downloads the chat only when the visitor reaches for it.
//
// When (issue 14, the public pages' Lighthouse budget): once the page has loaded, Remix's route
// discovery request has completed, and the main thread is idle. Remix fetches /__manifest for the
// page's links after hydration and re-renders the page when the answer lands; a DOM change while that
// request is in flight (our launcher) makes it fetch the same routes again and re-render once more.
// The public reading pages hydrate only on the visitor's first sign of life (a touch, pointer move,
// scroll or key; decision 0092), so by the time this runs the visitor has reached for the page, and the
// launcher comes as soon as the main thread is idle.
import { useEffect } from "react";

const HOST_ID = "leadbroom-widget";
/** Longest wait for the route discovery request (a page without links makes none). */
const DISCOVERY_WAIT_MS = 3000;

const discoveryDone = () => performance.getEntriesByType("resource").some((entry) => entry.name.includes("/__manifest"));

export function SiteWidget({ siteKey }: { siteKey: string }) {
  useEffect(() => {
    const existing = document.getElementById(HOST_ID);
    const cleanups: (() => void)[] = [];
    if (existing) {
      existing.style.setProperty("display", "contents", "important");
    } else {
      const addLoader = () => {
        if (document.getElementById(HOST_ID) || document.querySelector("script[data-leadbroom-site-widget]")) return;
        const script = document.createElement("script");
        script.src = "/widget.js";
        script.async = true;
        script.dataset.siteKey = siteKey;
        script.dataset.leadbroomSiteWidget = "true";
        document.body.appendChild(script);
      };
      const whenIdle = () => {
        if (typeof window.requestIdleCallback === "function") {
          const handle = window.requestIdleCallback(addLoader, { timeout: 3000 });
          cleanups.push(() => window.cancelIdleCallback(handle));
        } else {
          const handle = window.setTimeout(addLoader, 200);
          cleanups.push(() => window.clearTimeout(handle));
        }
      };
      const afterDiscovery = () => {
        if (discoveryDone() || typeof PerformanceObserver !== "function") return whenIdle();
        const observer = new PerformanceObserver(() => {
          if (discoveryDone()) done();
        });
        const timer = window.setTimeout(() => done(), DISCOVERY_WAIT_MS);
        const stop = () => {
          observer.disconnect();
          window.clearTimeout(timer);
        };
        function done() {
          stop();
          whenIdle();
        }
        observer.observe({ type: "resource" });
        cleanups.push(stop);
      };
      if (document.readyState === "complete") afterDiscovery();
      else {
        window.addEventListener("load", afterDiscovery, { once: true });
        cleanups.push(() => window.removeEventListener("load", afterDiscovery));
      }
    }
    return () => {
      for (const cleanup of cleanups) cleanup();
      document.getElementById(HOST_ID)?.style.setProperty("display", "none", "important");
    };
  }, [siteKey]);
  return null;
}
