// The demo account of DESIGN §5. Public on purpose: the login page shows them in its demo box.
export const DEMO = {
  email: "demo@leadbroom.test",
  password: "DemoPass123",
  businessName: "Sparkle Commercial Cleaning",
  siteKey: "demo",
} as const;
