// LeadBroom's own chatbot on the public site (the product dogfooded). The loader script is added
// after hydration: it appends its launcher to <body>, which React owns while hydrating the document,
// so a server-rendered tag would race hydration. Leaving the public site (for /app) hides the launcher;
// coming back shows it again. The loader is ~2 KB and downloads the chat only when the visitor reaches for it.
import { useEffect } from "react";

const HOST_ID = "leadbroom-widget";

export function SiteWidget({ siteKey }: { siteKey: string }) {
  useEffect(() => {
    const existing = document.getElementById(HOST_ID);
    if (existing) existing.style.setProperty("display", "contents", "important");
    else if (!document.querySelector("script[data-leadbroom-site-widget]")) {
      const script = document.createElement("script");
      script.src = "/widget.js";
      script.async = true;
      script.dataset.siteKey = siteKey;
      script.dataset.leadbroomSiteWidget = "true";
      document.body.appendChild(script);
    }
    return () => {
      document.getElementById(HOST_ID)?.style.setProperty("display", "none", "important");
    };
  }, [siteKey]);
  return null;
}
