import type { WorkspaceEvents } from "#server/realtime/realtime.server.ts";
import type { RequestMemo } from "#server/http/request-memo.ts";
import type { AppServices } from "#server/services.server.ts";

declare module "@remix-run/node" {
  interface AppLoadContext {
    services: AppServices;
    /** Pushes lead changes made by loaders/actions to the business's /workspace room. */
    realtime: WorkspaceEvents;
    /** The client's IP as seen by the server (X-Forwarded-For only when TRUST_PROXY). */
    clientIp: string;
    /** Per-request memo for the guards (one session and workspace lookup per request). */
    requestMemo?: RequestMemo;
    /** This response's Content-Security-Policy nonce (production), for the inline scripts Remix writes. */
    cspNonce?: string;
  }
}

export {};
