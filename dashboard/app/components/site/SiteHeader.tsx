// PLACEHOLDER, to be replaced by the full header (spec §2.3).
export function SiteHeader({ signedIn }: { signedIn: boolean }) {
  return (
    <header>
      <a href="/">LeadBroom</a> {signedIn ? <a href="/app/dashboard">Dashboard</a> : <><a href="/login">Sign In</a> <a href="/register">Start Free Trial</a></>}
    </header>
  );
}
