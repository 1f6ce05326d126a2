// The fixed demo account (SEED_DEMO) signed in through the ordinary form. The /login demo button now
// makes a sandbox of the browser's own (decision 0026); tests that need the demo business with site key
// `demo` sign in as its owner instead.
import { DEMO } from "#server/demo/demo-credentials.ts";

export const DEMO_SIGN_IN = { intent: "login", email: DEMO.email, password: DEMO.password };
