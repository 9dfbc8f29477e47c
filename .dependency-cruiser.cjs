// The house's import rules, checked by `npm run test:deps` (dependency-cruiser) in CI: no cycles,
// the code below the pages and components never reaches up, browser code imports nothing of the
// server's but types. Then .dependency-cruiser-domains.cjs: no two folders of lib/, components/ or
// shared/ need each other. Every rule: docs/architecture.md#the-import-rules
const { readdirSync, readFileSync, statSync } = require("node:fs");
const path = require("node:path");

const asPattern = (file) => file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The files the browser loads: "use client" modules, and components' plain modules not marked server-only. */
function browserFiles() {
  const found = [];
  const walk = (folder) => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.(ts|tsx)$/.test(name)) {
        const text = readFileSync(file, "utf8");
        const client = /^["']use client["'];?\s*$/m.test(text);
        const helper = file.startsWith("components") && name.endsWith(".ts") && !text.includes('import "server-only"');
        if (client || helper) found.push(file);
      }
    }
  };
  for (const folder of ["app", "components"]) walk(folder);
  return found;
}

/** The layers at the bottom of lib/ and components/, as path patterns. */
const LIB_FOUNDATIONS = "lib/[^/]+\\.(ts|mjs)$|lib/(config|db|http|i18n|text|validation|background)/|lib/api/routes\\.mjs$";
const COMPONENT_FOUNDATIONS = "components/(ui|i18n)/";

const BROWSER = `^(${browserFiles().map(asPattern).join("|")})$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A loop of imports: two modules that need each other are one module, or a third is missing.",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-reaching-up",
      severity: "error",
      comment: "lib/, db/, shared/ and server/ sit below the pages and components and never import them.",
      from: { path: "^(lib|db|shared|server)/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "foundations-stay-below",
      severity: "error",
      comment:
        "lib/'s foundations (its own files, config, db, http, i18n, text, validation, background, the routes table) and components' (ui, i18n) never import the domains above them.",
      from: { path: `^(${LIB_FOUNDATIONS})|^(${COMPONENT_FOUNDATIONS})` },
      to: { path: "^(lib|components)/", pathNot: `^(${LIB_FOUNDATIONS})|^(${COMPONENT_FOUNDATIONS})` },
    },
    {
      name: "api-tables-on-top",
      severity: "error",
      comment:
        "A domain's API table (lib/<domain>/api.ts) sits above every domain: only its route files and the tables that gather them import it.",
      from: { pathNot: "^(app/api/|lib/api/(handlers|direct-routes)\\.ts$)" },
      to: { path: "^lib/[^/]+/api\\.ts$" },
    },
    {
      name: "shared-is-browser-safe",
      severity: "error",
      comment: "shared/ is loaded by the browser: no server code, no database, no Node built-ins.",
      from: { path: "^shared/" },
      to: { path: "^(lib|db|server)/|^server-only$", dependencyTypesNot: ["type-only", "type-import"] },
    },
    {
      name: "shared-no-node",
      severity: "error",
      from: { path: "^shared/" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "browser-loads-no-server-code",
      severity: "error",
      comment: "Browser code takes values from shared/ and components/ only; from lib/ it may take types.",
      from: { path: BROWSER },
      to: { path: "^(lib|db|server)/|^server-only$", dependencyTypesNot: ["type-only", "type-import"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.next|\\.build|\\.data|tests|bench)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mjs", ".js", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
