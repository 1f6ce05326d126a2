// PLACEHOLDER, to be replaced by the full footer (spec §2.3).
export function SiteFooter() {
  return <footer>LeadBroom</footer>;
}
