// PLACEHOLDER, to be replaced by the full shell (sidebar, top bar, user menu).
import type { ReactNode } from "react";

export type ShellWorkspace = { displayName: string; email: string; role: "owner" | "support"; businessName: string };

export function WorkspaceShell(props: { workspace: ShellWorkspace; hasUnreadNotifications: boolean; children: ReactNode }) {
  return (
    <div>
      <p>{props.workspace.businessName}</p>
      <form method="post" action="/logout">
        <button type="submit">Sign out</button>
      </form>
      {props.children}
    </div>
  );
}
