// The workspace sidebar (spec §2.14): the logo, the pages in spec order with their icons and the PRO
// badge, collapsing to icons on narrow desktops and sliding in as a drawer on phones.
import { Link, NavLink } from "@remix-run/react";
import { CalendarDays, ChartColumn, LayoutDashboard, MessageCircleMore, MessagesSquare, Send, Settings, Users, X, Zap } from "lucide-react";
import type { RefObject } from "react";
import type { MemberRole } from "#shared/enums.ts";
import { focusRing } from "~/components/chatbot/ui";
import { Icon, type LucideIcon } from "~/components/ui/Icon";
import { LogoMark } from "~/components/ui/LogoMark";

export const SIDEBAR_ID = "workspace-sidebar";

/** Sidebar entries in spec order (§2.14). */
/** `ownerOnly`: support staff are refused there by the server (DESIGN §5), so it is not offered to them. */
const NAV_ITEMS: { key: string; to: string; label: string; pro?: boolean; ownerOnly?: boolean; icon: LucideIcon }[] = [
  { key: "dashboard", to: "/app/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { key: "leads", to: "/app/leads", label: "Leads", icon: Users },
  { key: "live", to: "/app/live", label: "Live chats", icon: MessagesSquare },
  { key: "calendar", to: "/app/calendar", label: "Calendar", icon: CalendarDays },
  { key: "chatbot", to: "/app/chatbot", label: "AI Chatbot", icon: MessageCircleMore },
  { key: "outreach", to: "/app/outreach", label: "Cold Outreach", pro: true, icon: Send },
  { key: "automation", to: "/app/automation", label: "Automation", icon: Zap },
  { key: "analytics", to: "/app/analytics", label: "Analytics", icon: ChartColumn },
  { key: "settings", to: "/app/settings", label: "Settings", ownerOnly: true, icon: Settings },
];

export function WorkspaceNav({
  role,
  iconOnly,
  mobileOpen,
  closeRef,
  onNavigate,
  onCloseDrawer,
}: {
  role: MemberRole;
  iconOnly: boolean;
  mobileOpen: boolean;
  closeRef: RefObject<HTMLButtonElement>;
  /** A link was followed: the mobile drawer closes. */
  onNavigate: () => void;
  onCloseDrawer: () => void;
}) {
  return (
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
        onClick={onNavigate}
        className={`flex items-center gap-2 rounded-md ${focusRing}`}
      >
        <LogoMark />
        <span className={iconOnly ? "sr-only" : "text-lg font-bold tracking-tight text-slate-900"}>LeadBroom</span>
      </Link>
      <button
        ref={closeRef}
        type="button"
        aria-label="Close sidebar"
        onClick={onCloseDrawer}
        className={`inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden ${focusRing}`}
      >
        <Icon icon={X} />
      </button>
    </div>
    <ul className="flex-1 space-y-1 overflow-y-auto p-2">
      {NAV_ITEMS.filter((item) => !item.ownerOnly || role === "owner").map((item) => (
        <li key={item.key}>
          <NavLink
            to={item.to}
            prefetch="intent"
            title={iconOnly ? item.label : undefined}
            onClick={onNavigate}
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
  );
}
