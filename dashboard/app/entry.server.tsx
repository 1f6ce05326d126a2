// Remix's default Node entry (streaming, bots get the whole document), with the page's CSP nonce
// (issue 13) handed to React's own inline scripts and to root.tsx through NonceContext.
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "./lib/nonce";
import { paintFirstScripts } from "./lib/paint-first-scripts.server";

const ABORT_DELAY = 5_000;
/** Site pages that are forms to fill straight away: their scripts are not put off (decision 0089). */
const SIGN_IN_FORMS = new Set(["routes/_site.login", "routes/_site.register", "routes/_site.reset-password"]);

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The site's reading pages (the `_site` layout) load their scripts after the first paint (decision
  // 0089): they are rendered whole and rewritten before they are sent. The sign-in forms, where typing
  // starts at once, keep their scripts first. Bots and crawlers get the whole document at once too;
  // browsers get the workspace's shell as soon as it is ready.
  const routeIds = remixContext.staticHandlerContext.matches.map((match) => match.route.id);
  const publicPage = routeIds.includes("routes/_site") && !routeIds.some((id) => SIGN_IN_FORMS.has(id));
  const readyEvent = publicPage || isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode ? "onAllReady" : "onShellReady";
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html");
          if (publicPage) {
            const chunks: Buffer[] = [];
            body.on("data", (chunk: Buffer) => chunks.push(chunk));
            body.on("error", reject);
            body.on("end", () => {
              const html = paintFirstScripts(Buffer.concat(chunks).toString("utf8"));
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
            });
          } else {
            resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          }
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell itself reject above and are logged by Remix; later ones are logged here.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
