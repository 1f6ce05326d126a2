// LeadBroom's own chatbot on the public site (the product dogfooded). The loader script is added
// after hydration: it appends its launcher to <body>, which React owns while hydrating the document,
// so a server-rendered tag would race hydration. Leaving the public site (for /app) hides the launcher;
// coming back shows it again. The loader is ~2 KB and downloads the chat only when the visitor reaches for it.
// It is fetched once the page has loaded and the main thread is idle, so it never competes with the
// page's own first paint and hydration (the public pages' Lighthouse budget, issue 14).
import { useEffect } from "react";

const HOST_ID = "leadbroom-widget";

export function SiteWidget({ siteKey }: { siteKey: string }) {
  useEffect(() => {
    const existing = document.getElementById(HOST_ID);
    if (existing) existing.style.setProperty("display", "contents", "important");
    let cancelIdle = () => {};
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
        cancelIdle = () => window.cancelIdleCallback(handle);
      } else {
        const handle = window.setTimeout(addLoader, 200);
        cancelIdle = () => window.clearTimeout(handle);
      }
    };
    if (!existing) {
      if (document.readyState === "complete") whenIdle();
      else window.addEventListener("load", whenIdle, { once: true });
    }
    return () => {
      window.removeEventListener("load", whenIdle);
      cancelIdle();
      document.getElementById(HOST_ID)?.style.setProperty("display", "none", "important");
    };
  }, [siteKey]);
  return null;
}
