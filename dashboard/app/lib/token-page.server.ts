// The loader and action answers of the visitor's appointment pages behind a signed link (the manage page,
// the booking page): the view, or why the link does not work (400); a refused change shows the page
// again with the times free now (409 when the time was just taken, else 400).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";

export type TokenPageData<V> = { problem: string | null; view: V | null; done?: string };
type Found<V> = { ok: true; view: V } | { ok: false; error: string; used?: boolean };

/**
 * The loader's answer. A link already used answers 200 from the loader: after a change through the link
 * (which rotates its nonce) Remix runs the loader again for the same document, and a loader's 4xx would
 * become the status of the successful POST's page. The action answers a used link 400 itself.
 */
export function tokenPageAnswer<V>(found: Found<V>, from: "loader" | "action") {
  if (found.ok) return data<TokenPageData<V>>({ problem: null, view: found.view });
  return data<TokenPageData<V>>({ problem: found.error, view: null }, { status: found.used && from === "loader" ? 200 : 400 });
}

export async function refusedAgain<V>(find: () => Promise<Found<V>>, view: V, refusal: { error: string; problem: string }) {
  const again = await find();
  return data<TokenPageData<V>>({ problem: refusal.error, view: again.ok ? again.view : view }, { status: refusal.problem === "taken" ? 409 : 400 });
}

/** Finds a page's view from its signed link (findBookable, findManaged). */
type FindView<V> = (deps: { db: LoaderFunctionArgs["context"]["services"]["db"]; secret: string }, token: string, now: Date) => Promise<Found<V>>;

const finder = <V>({ params, context }: LoaderFunctionArgs, findView: FindView<V>) => () =>
  findView({ db: context.services.db, secret: context.services.signingSecret }, params.token ?? "", new Date());

/** The loader of a page behind a signed link: its view, or why the link does not work. */
export async function tokenPageLoader<V>(args: LoaderFunctionArgs, findView: FindView<V>) {
  return tokenPageAnswer(await finder(args, findView)(), "loader");
}

/**
 * The action of a page behind a signed link: a link that does not work answers as the loader does;
 * otherwise `act` changes what the view shows (`find` reads it again, for a refusal's fresh times).
 */
export async function tokenPageAction<V, R>(args: ActionFunctionArgs, findView: FindView<V>, act: (view: V, find: () => Promise<Found<V>>) => Promise<R>) {
  const find = finder(args, findView);
  const found = await find();
  if (!found.ok) return tokenPageAnswer(found, "action");
  return act(found.view, find);
}
