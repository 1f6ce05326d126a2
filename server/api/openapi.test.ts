// The OpenAPI document (server/api/openapi.server.ts): valid OpenAPI 3.1, and it lists exactly the
// methods each dashboard/app/routes/api.v1.* route accepts, found by calling the route modules
// themselves: a method a route refuses answers 405, any other answers 401 without a key (or 200 for the
// public document), so a route added or changed without the document fails here.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument, OPENAPI_PATH } from "./openapi.server.ts";
import { API_ERROR_CODES } from "./api-errors.ts";

const ROUTES_DIR = join(import.meta.dirname, "../../dashboard/app/routes");
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

type Operation = { security?: unknown[]; responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
type PathItem = Partial<Record<(typeof METHODS)[number], Operation>>;
type RouteModule = { loader?: (args: unknown) => Response | Promise<Response>; action?: (args: unknown) => Response | Promise<Response> };

const doc = buildOpenApiDocument() as { paths: Record<string, PathItem> };

/** api.v1.leads.$id.ts → /api/v1/leads/{id}; "[.]" is an escaped dot (api.v1.openapi[.]json.ts). */
function routePath(file: string): string {
  const segments = file
    .replace(/\.tsx?$/, "")
    .split(/(?<!\[)\.(?!\])/)
    .map((s) => s.replaceAll("[.]", "."));
  return "/" + segments.map((s) => (s.startsWith("$") ? `{${s.slice(1)}}` : s)).join("/");
}

/** The API's route files, without the catch-all (api.v1.$.ts answers 404 to any other address). */
const routeFiles = readdirSync(ROUTES_DIR).filter((f) => /^api\.v1\..+\.tsx?$/.test(f) && !f.includes(".test.") && f !== "api.v1.$.ts");

/** The methods a route accepts, with the status each answers to a request without an API key. */
async function acceptedMethods(file: string): Promise<Map<(typeof METHODS)[number], number>> {
  const mod = (await import(join(ROUTES_DIR, file))) as RouteModule;
  const params = { id: "does-not-matter" };
  const context = {
    services: { db: null, apiLimiter: null, logger: { error: () => {}, warn: () => {}, info: () => {} } },
    realtime: null,
  };
  const accepted = new Map<(typeof METHODS)[number], number>();
  for (const method of METHODS) {
    const handler = method === "get" ? mod.loader : mod.action;
    if (!handler) continue;
    const request = new Request(`http://localhost${routePath(file).replace("{id}", params.id)}`, {
      method: method.toUpperCase(),
      ...(method === "get" || method === "delete" ? {} : { body: "{}", headers: { "Content-Type": "application/json" } }),
    });
    const response = await handler({ request, context, params });
    if (response.status !== 405) accepted.set(method, response.status);
  }
  return accepted;
}

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("lists every method of every /api/v1 route, and nothing else", async () => {
    expect(routeFiles.length).toBeGreaterThanOrEqual(6);
    const fromRoutes: string[] = [];
    for (const file of routeFiles) {
      const path = routePath(file);
      for (const [method, status] of await acceptedMethods(file)) {
        fromRoutes.push(`${method.toUpperCase()} ${path}`);
        const operation = doc.paths[path]?.[method];
        // A public operation (security: []) answers without a key; every other one asks for it.
        if (operation?.security?.length === 0) expect(status, `${method} ${path}`).toBe(200);
        else expect(status, `${method} ${path}`).toBe(401);
      }
    }
    const fromDocument = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(fromDocument.sort()).toEqual(fromRoutes.sort());
    expect(fromRoutes).toEqual(expect.arrayContaining(["GET /api/v1/leads", "PATCH /api/v1/leads/{id}", "DELETE /api/v1/hooks/{id}", `GET ${OPENAPI_PATH}`]));
  });

  it("answers every error in the error envelope with the status its code has", () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          expect(response.content?.["application/json"]?.schema, `${method} ${path} ${status}`).toEqual({ $ref: "#/components/schemas/Error" });
          expect(Object.values(API_ERROR_CODES), `${method} ${path} ${status}`).toContain(Number(status));
        }
      }
    }
  });

  it("is served publicly and cacheably at its stable address, which the API guide links", async () => {
    const mod = (await import(join(ROUTES_DIR, "api.v1.openapi[.]json.ts"))) as RouteModule;
    const response = await mod.loader!({ request: new Request(`http://localhost${OPENAPI_PATH}`), context: {}, params: {} });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+/);
    expect(await response.json()).toEqual(doc);
    const guide = readFileSync(join(import.meta.dirname, "../../docs/api.md"), "utf8");
    expect(guide).toContain(OPENAPI_PATH);
    for (const path of Object.keys(doc.paths)) expect(guide, path).toContain(path);
  });
});
