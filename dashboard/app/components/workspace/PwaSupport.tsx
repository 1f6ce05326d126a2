// The installable workspace in the browser (DESIGN §20, issue 34): registers the service worker (scope
// /app: offline page, pushes), offers "Install app" where the browser supports it, and shows a push as an
// in-app toast when the workspace window is focused (the service worker posts it here instead of a
// system notification, and shows the notification after all when this page does not confirm the toast).
import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/Button";

type PushMessage = { title: string; body: string; url: string };
type InstallPrompt = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: "accepted" | "dismissed" }> };

export const SERVICE_WORKER_URL = "/sw.js";
export const SERVICE_WORKER_SCOPE = "/app";

/** The workspace's service worker registration (registering it if needed), or null where unsupported. */
export async function workspaceServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator)) return null;
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  return navigator.serviceWorker.ready;
}

export function PwaSupport() {
  const [toast, setToast] = useState<PushMessage | null>(null);
  const [installPrompt, setInstallPrompt] = useState<InstallPrompt | null>(null);
  const [installing, setInstalling] = useState(false);

  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    workspaceServiceWorker().catch(() => undefined); // without it the workspace works as before
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; payload?: PushMessage } | null;
      if (data?.type === "leadbroom:push" && data.payload && typeof data.payload.title === "string") {
        const url = new URL(data.payload.url, window.location.origin);
        setToast({ title: data.payload.title, body: data.payload.body, url: `${url.pathname}${url.search}` });
        event.ports[0]?.postMessage({ type: "leadbroom:push-shown" }); // else the service worker shows a notification
      }
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    return () => navigator.serviceWorker.removeEventListener("message", onMessage);
  }, []);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault(); // shown as our own button instead of the browser's mini-bar
      setInstallPrompt(event as InstallPrompt);
    };
    const onInstalled = () => setInstallPrompt(null);
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), 10_000);
    return () => window.clearTimeout(timer);
  }, [toast]);

  async function install() {
    if (!installPrompt) return;
    setInstalling(true);
    try {
      await installPrompt.prompt();
      await installPrompt.userChoice;
    } finally {
      setInstalling(false);
      setInstallPrompt(null); // a prompt can be used once
    }
  }

  return (
    <>
      {installPrompt ? (
        <div className="fixed bottom-4 left-4 z-40 flex max-w-[calc(100vw-2rem)] items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-lg">
          <p className="text-sm text-slate-700">Get LeadBroom on your home screen.</p>
          <Button size="sm" type="button" onClick={install} loading={installing}>
            {installing ? "Installing..." : "Install app"}
          </Button>
          <Button size="sm" variant="ghost" type="button" onClick={() => setInstallPrompt(null)}>
            Not now
          </Button>
        </div>
      ) : null}
      <div aria-live="polite" className="fixed right-4 top-4 z-50 max-w-[calc(100vw-2rem)]">
        {toast ? (
          <div role="status" className="w-80 max-w-full rounded-xl border border-brand-200 bg-white p-4 shadow-lg">
            <p className="font-semibold text-slate-900">{toast.title}</p>
            <p className="mt-1 text-sm text-slate-700">{toast.body}</p>
            <div className="mt-3 flex gap-2">
              <Link to={toast.url} onClick={() => setToast(null)} className="text-sm font-semibold text-brand-700 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
                Open
              </Link>
              <button type="button" onClick={() => setToast(null)} className="ml-auto text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
                Dismiss
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </>
  );
}
