// After `next build`: every script and stylesheet the browser loads from /_next/static/, and the
// messages' scripts of .build/i18n, get a brotli copy beside them (quality 11, once, at build time), which server/main.mjs serves to browsers that
// accept it. The cheap phone's budget is counted as the network carries it, and brotli carries the
// same code in about a fifth less than gzip on the fly.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const folders = [path.join(root, ".next", "static"), path.join(root, ".build", "i18n")];

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.(js|css)$/.test(entry)) yield full;
  }
}

let count = 0;
for (const file of folders.flatMap((folder) => [...files(folder)])) {
  const source = readFileSync(file);
  const compressed = brotliCompressSync(source, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
  });
  if (compressed.length < source.length) {
    writeFileSync(`${file}.br`, compressed);
    count += 1;
  }
}
console.log(`Precompressed ${count} static files (brotli).`);
