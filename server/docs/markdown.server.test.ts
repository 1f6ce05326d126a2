import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { renderMarkdown } from "./markdown.server.ts";

describe("markdown pages", () => {
  it("escapes raw HTML and refuses script links", () => {
    const html = renderMarkdown('# Title\n\n<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[x](javascript:alert(1))');
    expect(html).toContain("<h1>Title</h1>");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain('href="javascript:');
  });

  it("renders the API reference's headings, tables and code", () => {
    const html = renderMarkdown(readFileSync("docs/api.md", "utf8"));
    expect(html).toContain("<h1>LeadBroom REST API</h1>");
    expect(html).toContain('<table tabindex="0">');
    expect(html).toContain("<code>GET /api/v1/leads</code>");
    expect(html).toContain('<pre tabindex="0"><code>Authorization: Bearer lb_live_your_key_here');
  });
});
