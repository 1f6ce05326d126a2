// Serves the fictional cleaning company's site on its own port (another origin than the app), with the
// LeadBroom snippet pointing at the app. `npm run demo:site` (APP_URL, SITE_KEY, DEMO_PORT to override).
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import path from "node:path";

const siteDir = path.join(import.meta.dirname, "site");
const types: Record<string, string> = { ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8" };

export type EmbedDemo = { url: string; server: Server; close(): Promise<void> };

export async function startEmbedDemo(options: { port: number; appUrl: string; siteKey: string; host?: string }): Promise<EmbedDemo> {
  const server = createServer(async (req, res) => {
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    const file = pathname === "/" ? "index.html" : pathname.slice(1);
    const resolved = path.resolve(siteDir, file);
    const type = types[path.extname(resolved)];
    if (!resolved.startsWith(siteDir + path.sep) || !type) {
      res.writeHead(404).end("Not found");
      return;
    }
    try {
      let body = await readFile(resolved, "utf8");
      if (type.startsWith("text/html")) {
        body = body.replaceAll("{{APP_URL}}", options.appUrl.replace(/\/+$/, "")).replaceAll("{{SITE_KEY}}", options.siteKey);
      }
      res.writeHead(200, { "Content-Type": type, "Cache-Control": "no-cache" }).end(body);
    } catch {
      res.writeHead(404).end("Not found");
    }
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve) => server.listen(options.port, host, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    url: `http://${host === "0.0.0.0" ? "localhost" : host}:${port}`,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const demo = await startEmbedDemo({
    port: Number(process.env.DEMO_PORT ?? 4000),
    host: "0.0.0.0",
    appUrl: process.env.APP_URL ?? "http://localhost:3000",
    siteKey: process.env.SITE_KEY ?? "demo",
  });
  console.info(`Embed demo (Sparkle Commercial Cleaning) on ${demo.url}, widget from ${process.env.APP_URL ?? "http://localhost:3000"}`);
}
