// Markdown documents rendered for workspace pages (the REST API reference, docs/api.md). markdown-it with
// raw HTML off: any HTML in the text is escaped, never passed through; links are limited to http(s),
// mailto and relative addresses (markdown-it's validateLink refuses javascript: and data: URLs).
import MarkdownIt, { type RendererRule } from "markdown-it";

const renderer = new MarkdownIt({ html: false, linkify: false, typographer: false });

// Code blocks and tables scroll sideways on a narrow screen: focusable, so a keyboard can scroll them too.
renderer.renderer.rules.code_block = wrapFocusable(renderer.renderer.rules.code_block);
renderer.renderer.rules.fence = wrapFocusable(renderer.renderer.rules.fence);
renderer.renderer.rules.table_open = () => '<table tabindex="0">\n';
// Section headings (h2) get an id from their text ("## Webhooks" → id="webhooks"), so they can be linked to.
renderer.renderer.rules.heading_open = (tokens, idx, options, _env, self) => {
  const slug = (tokens[idx + 1]?.content ?? "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  if (slug && tokens[idx]!.tag === "h2") tokens[idx]!.attrSet("id", slug);
  return self.renderToken(tokens, idx, options);
};

function wrapFocusable(rule: RendererRule | undefined): RendererRule {
  return (tokens, idx, options, env, self) => {
    const html = rule ? rule(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
    return html.replace(/^<pre>/, '<pre tabindex="0">');
  };
}

export function renderMarkdown(source: string): string {
  return renderer.render(source);
}
