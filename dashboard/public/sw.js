// LeadBroom's service worker (DESIGN §20, issue 34), scope /app: the installable workspace's offline page
// and Web Push. It caches only the offline page and its icon: never a lead, a conversation or any page of
// the workspace (they hold private data), so a shared or lost device keeps nothing beyond what an open
// page shows. Pushes: shown as a notification, unless a workspace window is focused, which gets the push
// as a message and shows an in-app toast instead; a page that does not confirm the toast in time (still
// loading, hung) gets the notification after all, so no push is lost; a click opens (or focuses) the
// page the push names.
const CACHE = "leadbroom-offline-v2";
const OFFLINE_URL = "/offline.html";
const PRECACHE = [OFFLINE_URL, "/offline.js", "/icons/icon-192.png", "/favicon.svg"];
/** How long a focused page has to confirm an in-app toast before the push becomes a notification. */
const IN_APP_CONFIRM_MS = 3000;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

// Page loads in the workspace go to the network; only when it is unreachable does the offline page answer.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.mode !== "navigate") return;
  event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_URL, { cacheName: CACHE })));
});

/** Only pages of this origin's workspace may be opened by a push. */
function workspaceUrl(url) {
  try {
    const target = new URL(url, self.location.origin);
    if (target.origin === self.location.origin && target.pathname.startsWith("/app")) return target.href;
  } catch {
    // fall through
  }
  return new URL("/app", self.location.origin).href;
}

/** The open windows showing a workspace page. */
async function workspaceWindows() {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  return windows.filter((client) => new URL(client.url).pathname.startsWith("/app"));
}

async function focusedWorkspace() {
  // A page the tab has just left (kept for back/forward navigation) can still be listed for a moment:
  // only a visible, focused workspace page takes the push in-app.
  return (await workspaceWindows()).find((client) => client.focused && client.visibilityState === "visible") ?? null;
}

/** Posts the push to a page; true once the page confirms it showed the toast, false after IN_APP_CONFIRM_MS. */
function showInApp(client, payload) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve(false);
    }, IN_APP_CONFIRM_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(true);
    };
    client.postMessage({ type: "leadbroom:push", payload }, [channel.port2]);
  });
}

self.addEventListener("push", (event) => {
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  if (!payload || typeof payload.title !== "string") payload = { title: "LeadBroom", body: "Something new in your workspace.", url: "/app", tag: "leadbroom" };
  const url = workspaceUrl(payload.url);
  event.waitUntil(
    focusedWorkspace().then(async (client) => {
      if (client && (await showInApp(client, { ...payload, url }))) return undefined;
      return self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        icon: "/icons/icon-192.png",
        badge: "/icons/icon-192.png",
        data: { url },
      });
    }),
  );
});

/**
 * Opens a push's page: an open workspace window goes there (and is focused where the browser allows
 * it), else a new window opens. Named, so that the push e2e test can run what a click runs.
 */
async function openPushTarget(url) {
  const [existing] = await workspaceWindows();
  if (!existing) return self.clients.openWindow(url);
  const navigated = (await existing.navigate(url).catch(() => null)) ?? existing;
  return navigated.focus().catch(() => navigated);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openPushTarget(workspaceUrl(event.notification.data && event.notification.data.url)));
});
