import { memberLabel } from "#shared/auth/person-name.ts";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useNonce } from "./lib/nonce";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { publicEnv } from "#server/config/env.server.ts";
import { getOptionalWorkspace } from "./lib/session.server.ts";
import "./load-context.ts";
import styles from "./styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const workspace = await getOptionalWorkspace(request, context);
  return {
    user: workspace
      ? { displayName: memberLabel(workspace), email: workspace.email, businessName: workspace.business.name }
      : null,
    env: publicEnv(context.services.env),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d64d8" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-full bg-white font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        {data ? (
          <script
            nonce={nonce}
            // The browser's allow-listed configuration (server/config/env.server.ts publicEnv).
            dangerouslySetInnerHTML={{ __html: `window.ENV = ${JSON.stringify(data.env).replace(/</g, "\\u003c")};` }}
          />
        ) : null}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong";
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-600">Please try again, or go back to the home page.</p>
      <a className="font-semibold text-brand-700 underline" href="/">
        Back to LeadBroom
      </a>
    </main>
  );
}
