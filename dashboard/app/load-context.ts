import type { AppServices } from "../../server/services.server.ts";

declare module "@remix-run/node" {
  interface AppLoadContext {
    services: AppServices;
    /** The client's IP as seen by the server (X-Forwarded-For only when TRUST_PROXY). */
    clientIp: string;
  }
}

export {};
