import { formatDateTime } from "../leads/format";
import type { MetaDescriptor, MetaFunction } from "@remix-run/node";
import { Form, Link, NavLink, useFetcher, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from "react";
import type { WorkspaceNotification } from "../../../../server/realtime/protocol.ts";
import type { ListedNotification } from "../../../../server/notifications/notifications.server.ts";
import { relativeTime } from "../../../../server/dashboard/periods.ts";
import type { action as notificationsAction, loader as notificationsLoader } from "~/routes/app.notifications_.feed";
import { useWorkspaceEvents } from "~/components/live/use-workspace-events";
import { Icon, type LucideIcon } from "~/components/ui/Icon";
import { Bell, ChartColumn, ChevronDown, LayoutDashboard, LogOut, Menu, MessageCircleMore, Send, Settings, Users, X, Zap } from "lucide-react";
import type { MemberRole } from "../../../../server/shared/enums.ts";

/** The notification centre's data (JSON); the page of them is /app/notifications. */
const NOTIFICATIONS_ROUTE = "/app/notifications/feed";

export type ShellWorkspace = {
  displayName: string;
  email: string;
  role: MemberRole;
  businessName: string;
  /** A demo sandbox's deletion time (ISO) and the business's time zone to show it in. */
  sandbox: { expiresAt: string; timeZone: string } | null;
};

/** Every page of a demo sandbox says what it is and when it is deleted (decision 0026). */
function SandboxBanner({ sandbox }: { sandbox: NonNullable<ShellWorkspace["sandbox"]> }) {
  return (
    <div role="note" aria-label="Demo sandbox" data-testid="sandbox-banner" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <strong className="font-semibold">Demo sandbox.</strong> This workspace is yours alone; it sends no e-mails and is
      deleted with all its data on {formatDateTime(sandbox.expiresAt, sandbox.timeZone)}.{" "}
      <Link to="/register" className={`font-semibold underline ${focusRing}`}>
        Start a free trial
      </Link>{" "}
      to keep your own leads.
    </div>
  );
}

const SIDEBAR_ID = "workspace-sidebar";
const focusRing =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** Sidebar entries in spec order (§2.14). */
/** `ownerOnly`: support staff are refused there by the server (DESIGN §5), so it is not offered to them. */
const NAV_ITEMS: { key: string; to: string; label: string; pro?: boolean; ownerOnly?: boolean; icon: LucideIcon }[] = [
  { key: "dashboard", to: "/app/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { key: "leads", to: "/app/leads", label: "Leads", icon: Users },
  { key: "chatbot", to: "/app/chatbot", label: "AI Chatbot", icon: MessageCircleMore },
  { key: "outreach", to: "/app/outreach", label: "Cold Outreach", pro: true, icon: Send },
  { key: "automation", to: "/app/automation", label: "Automation", icon: Zap },
  { key: "analytics", to: "/app/analytics", label: "Analytics", icon: ChartColumn },
  { key: "settings", to: "/app/settings", label: "Settings", ownerOnly: true, icon: Settings },
];

const PAGE_TITLES: Record<string, string> = {
  dashboard: "Dashboard",
  leads: "Leads",
  chatbot: "Chatbot",
  outreach: "Outreach",
  automation: "Automation",
  analytics: "Analytics",
  settings: "Settings",
  conversations: "Conversations",
  notifications: "Notifications",
};

/** The top-bar title: the capitalised page key from /app/{key}; unknown keys fall back to Dashboard. */
export function pageTitleFor(pathname: string): string {
  const key = pathname.split("/").filter(Boolean)[1] ?? "";
  return PAGE_TITLES[key] ?? "Dashboard";
}

/** "Demo Owner" → "DO"; a single word → its first two letters, uppercased. */
export function initialsOf(displayName: string): string {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words[words.length - 1];
  if (!first || !last) return "?";
  if (words.length === 1) return Array.from(first).slice(0, 2).join("").toUpperCase();
  return `${Array.from(first)[0] ?? ""}${Array.from(last)[0] ?? ""}`.toUpperCase();
}

/**
 * Meta for a workspace page: keeps the parent routes' tags (e.g. robots noindex) and sets the page's title.
 */
export function workspaceMeta(pageTitle: string): MetaFunction {
  return ({ matches }) => {
    const inherited: MetaDescriptor[] = matches
      .flatMap((match) => match.meta ?? [])
      .filter((descriptor) => !("title" in descriptor));
    return [...inherited, { title: `${pageTitle} · LeadBroom` }];
  };
}

/** Closes a disclosure on Escape (returning focus to its button), outside pointer-down and focus leaving it. */
function useDismiss(
  open: boolean,
  close: () => void,
  containerRef: RefObject<HTMLElement | null>,
  buttonRef: RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) close();
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        close();
        buttonRef.current?.focus();
      }
    }
    function onFocusIn(event: FocusEvent) {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) close();
    }
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [open, close, containerRef, buttonRef]);
}

function NotificationsButton({ hasUnread }: { hasUnread: boolean }) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const headingId = useId();
  const close = useRef(() => setOpen(false)).current;
  useDismiss(open, close, containerRef, buttonRef);

  const list = useFetcher<typeof notificationsLoader>();
  const mark = useFetcher<typeof notificationsAction>();
  // Notifications pushed since the last load (newest first); they count as unread until marked.
  const [live, setLive] = useState<WorkspaceNotification[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const loadRef = useRef(list.load);
  loadRef.current = list.load;

  const revalidator = useRevalidator();
  useWorkspaceEvents({
    notification: (notification) => {
      setLive((current) => (current.some((n) => n.id === notification.id) ? current : [notification, ...current]));
    },
    // Notifications pushed while disconnected were missed: reload the unread state from the database.
    reconnect: () => revalidator.revalidate(),
  });

  useEffect(() => {
    if (!open) return;
    setNow(Date.now());
    loadRef.current(NOTIFICATIONS_ROUTE);
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [open]);

  // Once a load includes the pushed notifications they are no longer kept apart.
  const loaded = list.data?.notifications;
  useEffect(() => {
    if (!loaded) return;
    setLive((current) => current.filter((n) => !loaded.some((l) => l.id === n.id)));
  }, [loaded]);

  const marking = mark.state !== "idle" ? mark.formData : undefined;
  const markingAll = marking?.get("intent") === "mark-all-read";
  const markingIds = new Set(marking?.getAll("id").map(String) ?? []);
  const items: ListedNotification[] = [
    ...live.map((n) => ({ ...n, read: false })),
    ...(loaded ?? []).filter((n) => !live.some((l) => l.id === n.id)),
  ].map((n) => (markingAll || markingIds.has(n.id) ? { ...n, read: true } : n));
  const anyUnread = markingAll ? false : hasUnread || live.length > 0 || items.some((n) => !n.read);

  function markAll() {
    setLive([]);
    mark.submit({ intent: "mark-all-read" }, { method: "post", action: NOTIFICATIONS_ROUTE });
  }

  function markOne(id: string) {
    setLive((current) => current.filter((n) => n.id !== id));
    mark.submit({ intent: "mark-read", id }, { method: "post", action: NOTIFICATIONS_ROUTE });
  }

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={anyUnread ? "Notifications (unread)" : "Notifications"}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={`relative inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 ${focusRing}`}
      >
        <Icon icon={Bell} className="h-6 w-6" />
        {anyUnread ? (
          <span
            aria-hidden="true"
            data-testid="notifications-unread-dot"
            className="absolute top-2 right-2 h-2.5 w-2.5 rounded-full bg-red-600 ring-2 ring-white"
          />
        ) : null}
      </button>
      <section
        id={panelId}
        hidden={!open}
        aria-labelledby={headingId}
        className="absolute right-0 z-40 mt-2 w-80 max-w-[calc(100vw-1.5rem)] rounded-xl bg-white text-sm shadow-lg ring-1 ring-slate-200"
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <h2 id={headingId} className="font-semibold text-slate-900">
            Notifications
          </h2>
          {anyUnread ? (
            <button
              type="button"
              onClick={markAll}
              className={`cursor-pointer rounded-md px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 ${focusRing}`}
            >
              Mark all as read
            </button>
          ) : null}
        </div>
        {items.length === 0 ? (
          <p className="px-4 py-4 text-slate-600">
            {list.state === "loading" && !loaded
              ? "Loading notifications…"
              : "You're all caught up. There are no new notifications."}
          </p>
        ) : (
          <ul aria-label="Notifications" className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
            {items.map((n) => (
              <li key={n.id} data-read={n.read ? "true" : "false"} className="flex items-start gap-3 px-4 py-3">
                <span
                  aria-hidden="true"
                  className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${n.read ? "bg-transparent" : "bg-brand-600"}`}
                />
                <div className="min-w-0 flex-1">
                  <p className={n.read ? "text-slate-700" : "font-medium text-slate-900"}>
                    {n.read ? null : <span className="sr-only">Unread: </span>}
                    {n.text}
                  </p>
                  <p className="mt-0.5 text-xs text-slate-600">
                    <time dateTime={n.createdAt}>{relativeTime(n.createdAt, new Date(Math.max(now, Date.parse(n.createdAt))))}</time>
                  </p>
                </div>
                {n.read ? null : (
                  <button
                    type="button"
                    onClick={() => markOne(n.id)}
                    className={`shrink-0 cursor-pointer rounded-md px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-100 ${focusRing}`}
                  >
                    Mark read<span className="sr-only">: {n.text}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <div className="border-t border-slate-200 px-4 py-2 text-right">
          <Link to="/app/notifications" onClick={close} className={`rounded-md text-xs font-semibold text-brand-700 underline ${focusRing}`}>
            See all notifications
          </Link>
        </div>
      </section>
    </div>
  );
}

function UserMenu({ workspace }: { workspace: ShellWorkspace }) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useRef(() => setOpen(false)).current;
  useDismiss(open, close, containerRef, buttonRef);
  const roleLabel = workspace.role === "owner" ? "Owner" : "Support";

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={`flex cursor-pointer items-center gap-2 rounded-full py-1 pr-1 pl-1 hover:bg-slate-100 sm:pr-3 ${focusRing}`}
      >
        <span
          aria-hidden="true"
          className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white"
        >
          {initialsOf(workspace.displayName)}
        </span>
        <span className="sr-only">Account menu: </span>
        <span className="max-w-[12rem] truncate lg:max-w-[18rem] text-sm font-medium text-slate-800 max-sm:sr-only">
          {workspace.businessName}
        </span>
        <Icon icon={ChevronDown} className="hidden h-4 w-4 text-slate-600 sm:block" />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-72 overflow-hidden rounded-xl bg-white text-sm shadow-lg ring-1 ring-slate-200"
      >
        <div className="border-b border-slate-200 px-4 py-3">
          <p className="font-semibold text-slate-900">{workspace.displayName}</p>
          <p className="truncate text-slate-600">{workspace.email}</p>
          <p className="mt-2 text-slate-700">
            Role:{" "}
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">{roleLabel}</span>
          </p>
        </div>
        <div className="p-1">
          {workspace.role === "owner" ? (
          <Link
            to="/app/settings"
            onClick={close}
            className={`flex items-center gap-2 rounded-lg px-3 py-2 text-slate-800 hover:bg-slate-100 ${focusRing}`}
          >
            <Icon icon={Settings} className="h-4 w-4 text-slate-600" />
            Settings
          </Link>
          ) : null}
          <Form method="post" action="/logout">
            <button
              type="submit"
              className={`flex w-full cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-left text-slate-800 hover:bg-slate-100 ${focusRing}`}
            >
              <Icon icon={LogOut} className="h-4 w-4 text-slate-600" />
              Sign out
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}

/** An owner changed this member's role: reload the page's data, so menus and owner-only pages follow at once. */
function useReloadOnRoleChange(): void {
  const revalidator = useRevalidator();
  useWorkspaceEvents({ "member:updated": () => revalidator.revalidate() });
}

/** The signed-in workspace: sidebar, top bar and content area (spec §2.14). */
export function WorkspaceShell(props: { workspace: ShellWorkspace; hasUnreadNotifications: boolean; children: ReactNode }) {
  const { pathname } = useLocation();
  useReloadOnRoleChange();
  // Server render: expanded desktop layout. The effect below applies the real window width.
  const [collapsed, setCollapsed] = useState(false);
  const [isMobile, setIsMobile] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const drawerCloseRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const collapseQuery = window.matchMedia("(max-width: 1024px)");
    const mobileQuery = window.matchMedia("(max-width: 767px)");
    const syncCollapsed = () => setCollapsed(collapseQuery.matches);
    const syncMobile = () => {
      setIsMobile(mobileQuery.matches);
      if (!mobileQuery.matches) setMobileOpen(false);
    };
    syncCollapsed();
    syncMobile();
    collapseQuery.addEventListener("change", syncCollapsed);
    mobileQuery.addEventListener("change", syncMobile);
    return () => {
      collapseQuery.removeEventListener("change", syncCollapsed);
      mobileQuery.removeEventListener("change", syncMobile);
    };
  }, []);

  // Any navigation closes the mobile drawer.
  useEffect(() => {
    setMobileOpen(false);
  }, [pathname]);

  // While the mobile drawer is open the rest of the page is inert and Escape closes the drawer.
  useEffect(() => {
    const content = contentRef.current;
    if (content) content.inert = mobileOpen;
    if (!mobileOpen) return;
    drawerCloseRef.current?.focus();
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") closeDrawer();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      if (content) content.inert = false;
    };
  }, [mobileOpen]);

  function closeDrawer() {
    setMobileOpen(false);
    // Focus returns to the toggle once the content is no longer inert.
    requestAnimationFrame(() => toggleRef.current?.focus());
  }

  const iconOnly = collapsed && !isMobile;
  const sidebarExpanded = isMobile ? mobileOpen : !collapsed;
  const title = pageTitleFor(pathname);

  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#main"
        className="sr-only rounded-md bg-brand-700 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:px-4 focus:py-2 focus:top-2 focus:left-2 focus:z-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-900"
      >
        Skip to content
      </a>

      {mobileOpen ? (
        <div aria-hidden="true" className="fixed inset-0 z-40 bg-slate-900/50 md:hidden" onClick={() => closeDrawer()} />
      ) : null}

      <nav
        id={SIDEBAR_ID}
        aria-label="Workspace"
        className={[
          "fixed inset-y-0 left-0 z-50 flex w-64 flex-col border-r border-slate-200 bg-white",
          "transition-[width,transform] duration-200 motion-reduce:transition-none",
          mobileOpen ? "translate-x-0 shadow-xl" : "max-md:invisible max-md:-translate-x-full",
          iconOnly ? "md:w-16" : "md:w-64",
        ].join(" ")}
      >
        <div className={`flex h-16 shrink-0 items-center border-b border-slate-200 ${iconOnly ? "justify-center px-2" : "justify-between px-4"}`}>
          <Link
            to="/app/dashboard"
            onClick={() => setMobileOpen(false)}
            className={`flex items-center gap-2 rounded-md ${focusRing}`}
          >
            <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8 shrink-0">
              <rect width="32" height="32" rx="8" className="fill-brand-600" />
              <path d="M10 8v11.5a2.5 2.5 0 0 0 2.5 2.5H22" fill="none" stroke="white" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
              <circle cx="22" cy="10" r="2.5" fill="white" />
            </svg>
            <span className={iconOnly ? "sr-only" : "text-lg font-bold tracking-tight text-slate-900"}>LeadBroom</span>
          </Link>
          <button
            ref={drawerCloseRef}
            type="button"
            aria-label="Close sidebar"
            onClick={() => closeDrawer()}
            className={`inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden ${focusRing}`}
          >
            <Icon icon={X} />
          </button>
        </div>
        <ul className="flex-1 space-y-1 overflow-y-auto p-2">
          {NAV_ITEMS.filter((item) => !item.ownerOnly || props.workspace.role === "owner").map((item) => (
            <li key={item.key}>
              <NavLink
                to={item.to}
                prefetch="intent"
                title={iconOnly ? item.label : undefined}
                onClick={() => setMobileOpen(false)}
                className={({ isActive }) =>
                  [
                    "relative flex items-center gap-3 rounded-lg py-2.5 text-sm font-medium transition-colors",
                    iconOnly ? "justify-center px-2" : "px-3",
                    isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                    focusRing,
                  ].join(" ")
                }
              >
                <Icon icon={item.icon} />
                <span className={iconOnly ? "sr-only" : "flex-1 truncate"}>{item.label}</span>
                {item.pro ? (
                  iconOnly ? (
                    <>
                      <span className="sr-only"> PRO</span>
                      <span aria-hidden="true" className="absolute top-1.5 right-2 h-2 w-2 rounded-full bg-amber-500" />
                    </>
                  ) : (
                    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-[0.625rem] leading-none font-bold tracking-wide text-amber-900">
                      PRO
                    </span>
                  )
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div
        ref={contentRef}
        className={`flex min-h-screen flex-col transition-[padding] duration-200 motion-reduce:transition-none ${iconOnly ? "md:pl-16" : "md:pl-64"}`}
      >
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/95 px-3 backdrop-blur sm:gap-3 sm:px-6">
          <button
            ref={toggleRef}
            type="button"
            aria-label="Toggle sidebar"
            aria-expanded={sidebarExpanded}
            aria-controls={SIDEBAR_ID}
            onClick={() => (isMobile ? setMobileOpen((open) => !open) : setCollapsed((value) => !value))}
            className={`inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 ${focusRing}`}
          >
            <Icon icon={Menu} className="h-6 w-6" />
          </button>
          <p className="min-w-0 flex-1 truncate text-lg font-semibold text-slate-900">{title}</p>
          <NotificationsButton hasUnread={props.hasUnreadNotifications} />
          <UserMenu workspace={props.workspace} />
        </header>
        {/* overflow-wrap:anywhere: a long address, URL or e-mail a visitor typed wraps instead of pushing
            the page sideways on a phone (and lets flex and grid items shrink to the screen). */}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 [overflow-wrap:anywhere] focus:outline-none sm:px-6 lg:px-8 lg:py-8">
          {props.workspace.sandbox ? <SandboxBanner sandbox={props.workspace.sandbox} /> : null}
          {props.children}
        </main>
      </div>
    </div>
  );
}
