// PLACEHOLDER home page.
export default function Home() {
  return <h1>LeadBroom</h1>;
}
