// ESLint (flat config), run by `npm test` before the suites (`npm run lint`). Decision 0030.
// Beyond typescript-eslint's recommended rules it holds the layering of docs/architecture.md:
// - code that runs in a browser (the dashboard's non-server modules, the widget) never imports a
//   server-only module (`*.server.ts`, the database, Node built-ins, server packages), and from
//   server/ only what lives in server/shared (`#shared/*`; types from anywhere);
// - routes never import the database client: they call domain functions in server/;
// - no import cycles between modules.
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Modules that must never reach a browser bundle. */
const SERVER_ONLY = [
  { group: ["**/*.server", "**/*.server.ts", "**/*.server.tsx"], allowTypeImports: true, message: "Server-only module (*.server.ts): call it from a loader or action, not from browser code." },
  { group: ["**/server/db/**", "**/db/generated/**", "@prisma/*", "pg", "@electric-sql/*"], allowTypeImports: true, message: "The database is server-only." },
  { group: ["\\#server/**", "**/server/**", "!**/server/shared/**"], allowTypeImports: true, message: "Only server/shared (#shared/*) is shared with the browser; the rest of server/ is server-only (types may be imported)." },
  { group: ["node:*"], message: "Node built-ins do not run in the browser." },
  { group: ["nodemailer", "stripe", "openai", "pg-boss", "socket.io", "express"], message: "Server package: keep it behind a *.server.ts module." },
];

const POST_MESSAGE_ANY = { selector: "CallExpression[callee.property.name='postMessage'] > Literal[value='*']", message: "postMessage needs a target origin, never '*'." };

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      "build/**",
      "dashboard/build/**",
      "widget/dist/**",
      "server/db/generated/**",
      ".data/**",
      ".cache/**",
      "tests/.tmp/**",
      "test-results/**",
      "**/*.js",
      "**/*.mjs",
      "**/*.cjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: {
      "import-x/resolver-next": [importX.createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
      "import-x/extensions": [".ts", ".tsx"],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "import-x/no-duplicates": "error",
      "no-restricted-syntax": ["error", POST_MESSAGE_ANY],
    },
  },
  {
    files: ["tests/**/*.ts", "**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Browser code: the dashboard's modules that are not server-only, and the widget.
    files: ["dashboard/app/**/*.{ts,tsx}", "widget/src/**/*.{ts,tsx}"],
    // load-context.ts is the server's hand-over to Remix (server/app.server.ts), never bundled.
    ignores: ["**/*.server.{ts,tsx}", "**/*.test.{ts,tsx}", "dashboard/app/routes/**", "dashboard/app/entry.server.tsx", "dashboard/app/root.tsx", "dashboard/app/load-context.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: SERVER_ONLY }] },
  },
  {
    // Routes: loaders and actions run on the server, but they call domain functions rather than the
    // database client.
    files: ["dashboard/app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        POST_MESSAGE_ANY,
        ...[
          "MemberExpression[object.type='MemberExpression'][object.object.name='db']",
          "MemberExpression[object.type='MemberExpression'][object.object.property.name='db']",
          "MemberExpression[object.name='db'][property.name=/^[$]/]",
          "MemberExpression[object.property.name='db'][property.name=/^[$]/]",
        ].map((selector) => ({ selector, message: "Routes call domain functions in server/; they do not query the database." })),
      ],
      "@typescript-eslint/no-restricted-imports": [
        "error",
        // The same module by its subpath alias (`#server/db/client.server.ts`) as by a relative path.
        { patterns: [{ group: ["**/server/db/client*", "\\#server/db/client*", "**/db/generated/**", "@prisma/*"], allowTypeImports: true, message: "Routes call domain functions in server/; they do not query the database." }] },
      ],
    },
  },
);
