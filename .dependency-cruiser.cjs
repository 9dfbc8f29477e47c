// The house's import rules, checked by `npm run test:deps` (dependency-cruiser) in CI:
// - no cycles;
// - nothing in lib/, db/, shared/ or server/ imports from app/ or components/ (pages and
//   components sit on top; the code below them never reaches up);
// - shared/ is what the browser may load: it imports nothing from lib/, db/ or server/, and no
//   Node built-in;
// - browser code (every "use client" file, and the hooks and helpers in components/ that are not
//   marked server-only) imports nothing from lib/, db/ or server/ but types.
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
    exclude: { path: "^(node_modules|\\.next|\\.data|tests|bench)/" },
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
