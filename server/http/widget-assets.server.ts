// Serves the built widget (widget/dist): /widget.js, the small loader every host page fetches, with a
// short cache; /widget/<name>-<hash>.js chunks with a one-year immutable cache. Both are loaded from
// customers' origins, so they carry CORS and cross-origin resource headers.
import path from "node:path";
import express, { type RequestHandler, type Router } from "express";

const LOADER_MAX_AGE_SECONDS = 300;

export function widgetAssets(distDir: string): Router {
  const router = express.Router();
  const crossOrigin: RequestHandler = (_req, res, next) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    res.setHeader("Timing-Allow-Origin", "*");
    next();
  };
  router.get("/widget.js", crossOrigin, (_req, res, next) => {
    res.setHeader("Cache-Control", `public, max-age=${LOADER_MAX_AGE_SECONDS}, stale-while-revalidate=86400`);
    res.sendFile(path.join(distDir, "widget.js"), { headers: { "Content-Type": "text/javascript; charset=utf-8" } }, (error) => {
      if (error) next();
    });
  });
  router.use(
    "/widget",
    crossOrigin,
    express.static(distDir, { immutable: true, maxAge: "1y", index: false, fallthrough: false }),
  );
  return router;
}
