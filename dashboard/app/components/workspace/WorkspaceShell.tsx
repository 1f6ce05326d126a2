// The signed-in workspace's frame: sidebar (WorkspaceNav), top bar with the notification centre and
// the user menu, the sandbox banner and the content area (spec §2.14).
import type { MetaDescriptor, MetaFunction } from "@remix-run/node";
import { Link, useLocation, useRevalidator } from "@remix-run/react";
import { Menu } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { MemberRole } from "#shared/enums.ts";
import { focusRing } from "~/components/chatbot/ui";
import { useWorkspaceEvents } from "~/components/live/use-workspace-events";
import { Icon } from "~/components/ui/Icon";
import { NotificationCentre } from "./NotificationCentre";
import { SandboxBanner } from "./SandboxBanner";
import { DeletionBanner } from "./DeletionBanner";
import { UserMenu } from "./UserMenu";
import { SIDEBAR_ID, WorkspaceNav } from "./WorkspaceNav";


export type ShellWorkspace = {
  /** The member's name, or the nameless fallback (person-name.ts). */
  displayName: string;
  initials: string;
  /** False until the member gives a name: a prompt asks for one. */
  hasName: boolean;
  email: string;
  role: MemberRole;
  businessName: string;
  /** A demo sandbox's deletion time (ISO) and the business's time zone to show it in. */
  sandbox: { expiresAt: string; timeZone: string } | null;
  /** The owner's requested deletion of the business, during its grace period (decision 0074). */
  deletion?: { scheduledFor: string; timeZone: string } | null;
};

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
  live: "Live chats",
};

/** The top-bar title: the capitalised page key from /app/{key}; unknown keys fall back to Dashboard. */
export function pageTitleFor(pathname: string): string {
  const key = pathname.split("/").filter(Boolean)[1] ?? "";
  return PAGE_TITLES[key] ?? "Dashboard";
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

const ACCOUNT_PATH = "/app/settings/account";

/** Members from before names were asked for (issue 32): visitors read "A team member" until they add one. */
function AddYourNamePrompt() {
  return (
    <div role="status" className="mb-6 flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
      <p>Add your name so visitors see who joined the chat (until then they read "A team member").</p>
      <Link to={ACCOUNT_PATH} className={`shrink-0 font-semibold text-amber-950 underline ${focusRing}`}>
        Add your name
      </Link>
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

      <WorkspaceNav
        role={props.workspace.role}
        iconOnly={iconOnly}
        mobileOpen={mobileOpen}
        closeRef={drawerCloseRef}
        onNavigate={() => setMobileOpen(false)}
        onCloseDrawer={closeDrawer}
      />

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
          <NotificationCentre hasUnread={props.hasUnreadNotifications} />
          <UserMenu workspace={props.workspace} />
        </header>
        {/* overflow-wrap:anywhere: a long address, URL or e-mail a visitor typed wraps instead of pushing
            the page sideways on a phone (and lets flex and grid items shrink to the screen). */}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 [overflow-wrap:anywhere] focus:outline-none sm:px-6 lg:px-8 lg:py-8">
          {props.workspace.sandbox ? <SandboxBanner sandbox={props.workspace.sandbox} /> : null}
          {props.workspace.deletion ? <DeletionBanner deletion={props.workspace.deletion} owner={props.workspace.role === "owner"} /> : null}
          {!props.workspace.hasName && pathname !== ACCOUNT_PATH ? <AddYourNamePrompt /> : null}
          {props.children}
        </main>
      </div>
    </div>
  );
}
