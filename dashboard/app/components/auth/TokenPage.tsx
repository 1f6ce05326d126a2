// The frame of the pages behind a signed link in an e-mail to a business's customer (unsubscribe, the
// walkthrough's manage page): the business's name on top, outside the public layout (the person is the
// business's customer, not ours), and the one answer to a link that does not work. The invite page uses
// the same frame with LeadBroom's home link on top.
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthCard, FormError } from "./AuthCard";

/** What a token page shows: its action's answer once there is one, else its loader's; and whether a post is under way. */
export function useTokenPage<Loader, Action>() {
  const loaded = useLoaderData<Loader>();
  const acted = useActionData<Action>();
  const navigation = useNavigation();
  return { page: acted ?? loaded, navigation, busy: navigation.state !== "idle" && navigation.formMethod === "POST" };
}

/** `heading`: a name, drawn as the page's title, or an element (a link) drawn as it is. */
export function TokenPage({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center px-4 py-4 sm:px-6">
          {typeof heading === "string" ? <p className="text-lg font-bold tracking-tight text-slate-900">{heading}</p> : heading}
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
    </div>
  );
}

/** The action's success (`done`, titled `doneTitle`), else a broken link's card without a view, else the page's own card. */
export function TokenOutcome<View>({
  done,
  doneTitle,
  view,
  problem,
  children,
}: {
  done?: string | null;
  doneTitle: string;
  view?: View | null;
  problem?: string | null;
  children: (view: View) => ReactNode;
}) {
  if (done) {
    return (
      <AuthCard title={doneTitle}>
        <p role="status" className="text-sm text-slate-700">
          {done}
        </p>
      </AuthCard>
    );
  }
  return view ? children(view) : <BrokenLinkCard problem={problem ?? null} />;
}

/** A forged, expired or used link: why, and that nothing changed. */
export function BrokenLinkCard({ problem }: { problem: string | null }) {
  return (
    <AuthCard title="This link does not work">
      <FormError message={problem} />
      <p className="mt-4 text-sm text-slate-700">Nothing was changed.</p>
    </AuthCard>
  );
}

/** The free times to pick from, as radio buttons named startsAt (the first one chosen). */
export function SlotChoices({ legend, slots, empty = "No other times are free right now." }: { legend: string; slots: { startsAt: string; label: string }[]; empty?: string }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      {slots.length === 0 ? <p className="mt-2 text-sm text-slate-600">{empty}</p> : null}
      <ul className="mt-2 space-y-1">
        {slots.map((s, i) => (
          <li key={s.startsAt}>
            <label className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 text-sm text-slate-800">
              <input type="radio" name="startsAt" value={s.startsAt} defaultChecked={i === 0} required />
              {s.label}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
