// The Content-Security-Policy nonce of the page being rendered (server/http/content-security-policy.server.ts):
// given by entry.server.tsx, read by root.tsx for the inline scripts Remix writes. On the client it
// is absent: browsers hide nonces from the DOM, and scripts added after load need none.
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
