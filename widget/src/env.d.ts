// Build-time constants injected by widget/vite.config.ts (`define`).

/** File name of the content-hashed chat chunk, e.g. "chat-3f9a1c2b.js" (loader build only). */
declare const __LB_CHAT__: string;
/** Widget version, from the build. */
declare const __LB_VERSION__: string;
