import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signOutAndRedirect } from "~/lib/session.server";

export const loader = () => redirect("/");

export async function action({ request, context }: ActionFunctionArgs) {
  return signOutAndRedirect(request, context);
}
