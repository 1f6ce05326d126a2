// The top bar's account menu: who is signed in, their role, Settings (owners) and Sign out.
import { Form, Link } from "@remix-run/react";
import { ChevronDown, LogOut, Settings, UserRound } from "lucide-react";
import type { MemberRole } from "#shared/enums.ts";
import { focusRing } from "~/components/chatbot/ui";
import { Icon } from "~/components/ui/Icon";
import { Menu } from "~/components/ui/Menu";


const itemClass = `flex items-center gap-2 rounded-lg px-3 py-2 text-slate-800 hover:bg-slate-100 ${focusRing}`;

export function UserMenu({ workspace }: { workspace: { displayName: string; initials: string; email: string; role: MemberRole; businessName: string } }) {
  const roleLabel = workspace.role === "owner" ? "Owner" : "Support";
  return (
    <Menu
      buttonClassName={`flex cursor-pointer items-center gap-2 rounded-full py-1 pr-1 pl-1 hover:bg-slate-100 sm:pr-3 ${focusRing}`}
      panelClassName="absolute right-0 z-40 mt-2 w-72 overflow-hidden rounded-xl bg-white text-sm shadow-lg ring-1 ring-slate-200"
      button={
        <>
          <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white">
            {workspace.initials}
          </span>
          <span className="sr-only">Account menu: </span>
          <span className="max-w-[12rem] truncate lg:max-w-[18rem] text-sm font-medium text-slate-800 max-sm:sr-only">{workspace.businessName}</span>
          <Icon icon={ChevronDown} className="hidden h-4 w-4 text-slate-600 sm:block" />
        </>
      }
    >
      {(close) => (
        <>
          <div className="border-b border-slate-200 px-4 py-3">
            <p className="font-semibold text-slate-900">{workspace.displayName}</p>
            <p className="truncate text-slate-600">{workspace.email}</p>
            <p className="mt-2 text-slate-700">
              Role: <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">{roleLabel}</span>
            </p>
          </div>
          <div className="p-1">
            <Link to="/app/settings/account" onClick={close} className={itemClass}>
              <Icon icon={UserRound} className="h-4 w-4 text-slate-600" />
              Your profile
            </Link>
            {workspace.role === "owner" ? (
              <Link to="/app/settings" onClick={close} className={itemClass}>
                <Icon icon={Settings} className="h-4 w-4 text-slate-600" />
                Settings
              </Link>
            ) : null}
            <Form method="post" action="/logout">
              <button type="submit" className={`w-full cursor-pointer text-left ${itemClass}`}>
                <Icon icon={LogOut} className="h-4 w-4 text-slate-600" />
                Sign out
              </button>
            </Form>
          </div>
        </>
      )}
    </Menu>
  );
}
