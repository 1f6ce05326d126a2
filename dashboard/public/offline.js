// The offline page comes back by itself when the network does. A file of its own, not an inline script:
// the app's Content Security Policy (script-src 'self' with a nonce) blocks inline scripts on this page.
window.addEventListener("online", () => window.location.reload());
