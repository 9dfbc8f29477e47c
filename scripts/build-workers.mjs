// The programs the app runs in child processes of its own (lib/background/child.ts), built from
// their TypeScript entries into .build/workers/<name>.cjs (our build's folder; .next/ is Next's):
// heavy work (drawing a certificate, the statistics of a test) runs there, at the lowest CPU
// priority, off the process that answers pupils. Run by `npm run build` after Next's build, and by the test suites before they start.
// The packages the entries import stay in node_modules (external), as the app loads them: next's
// public `next/og` draws as the app would, with its own wasm beside it.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** Each child program: its name (lib/background/child.ts's) and its entry. */
export const WORKERS = {
  certificates: "lib/certificates/draw-process.ts",
  statistics: "lib/statistics/statistics-process.ts",
};

export const workersDir = path.join(root, ".build", "workers");

export async function buildWorkers() {
  await Promise.all(
    Object.entries(WORKERS).map(([name, entry]) =>
      build({
        entryPoints: [path.join(root, entry)],
        outfile: path.join(workersDir, `${name}.cjs`),
        bundle: true,
        platform: "node",
        format: "cjs",
        target: "node20",
        jsx: "automatic",
        // `server-only` is empty under react-server, as in the app's server bundles.
        conditions: ["react-server"],
        packages: "external",
        // The project's own modules (the "@/" paths) are bundled; packages load from node_modules.
        alias: { "@": root },
        tsconfig: path.join(root, "tsconfig.json"),
        logLevel: "warning",
        legalComments: "none",
      }),
    ),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await buildWorkers();
