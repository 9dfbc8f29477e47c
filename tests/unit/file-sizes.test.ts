// The size of a file is a rule of the house: a module under lib/ or server/ of at most 300 lines, a
// component of at most 200 and a page (or any file under app/) of at most 150 say one thing each,
// and a file that grows past its cap is split by what it holds before it lands. Message catalogues and demo data are lists, not code: they are allowed
// to be long, each named here with why.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const CAPS: { folder: string; lines: number }[] = [
  { folder: "lib", lines: 300 },
  { folder: "server", lines: 300 },
  { folder: "components", lines: 200 },
  { folder: "app", lines: 150 },
];

/** Files allowed past their cap, each with its reason. Keep it to lists. */
const ALLOWED: Record<string, string> = {
  "lib/i18n/ru.ts": "a message catalogue",
  "lib/i18n/uz-Cyrl.ts": "a message catalogue",
  "lib/i18n/ru-organiser.ts": "a message catalogue",
  "lib/i18n/uz-Cyrl-organiser.ts": "a message catalogue",
  "lib/setup/demo-questions.ts": "the demo's question banks: data",
};

function sourceFiles(entry: string): string[] {
  const full = path.join(root, entry);
  if (statSync(full).isFile()) return /\.(?:ts|tsx|mjs)$/.test(entry) ? [entry] : [];
  return readdirSync(full).flatMap((name) => sourceFiles(path.join(entry, name)));
}

const linesOf = (file: string) => readFileSync(path.join(root, file), "utf8").replace(/\n$/, "").split("\n").length;

/** Each file over its cap and not allowed, as "file: lines (cap)". */
function oversized(files: { file: string; lines: number }[], cap: number): string[] {
  return files.filter(({ file, lines }) => lines > cap && !(file in ALLOWED)).map(({ file, lines }) => `${file}: ${lines} (cap ${cap})`);
}

describe("files keep to their size: lib and server at most 300 lines, components 200, app 150", () => {
  for (const { folder, lines: cap } of CAPS) {
    it(`every file under ${folder}/ is at most ${cap} lines, or allowed`, () => {
      const files = sourceFiles(folder).map((file) => ({ file, lines: linesOf(file) }));
      expect(files.length).toBeGreaterThan(10);
      expect(oversized(files, cap)).toEqual([]);
    });
  }

  it("the allow-list names only files that exist and need it", () => {
    for (const file of Object.keys(ALLOWED)) {
      const cap = CAPS.find(({ folder }) => file.startsWith(`${folder}/`))?.lines ?? 0;
      expect(linesOf(file), file).toBeGreaterThan(cap);
    }
  });

  it("catches a file grown past its cap", () => {
    expect(oversized([{ file: "lib/example.ts", lines: 301 }], 300)).toEqual(["lib/example.ts: 301 (cap 300)"]);
    expect(oversized([{ file: "lib/example.ts", lines: 300 }], 300)).toEqual([]);
  });
});
