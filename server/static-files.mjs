// @ts-check
// The build's files, as the front door answers them before the app: read once (the build does not
// change under a running server), a path under /_next/static/ that is none of them is a cheap 404
// (a flood of made-up paths costs a set lookup each, never Next's not-found page), and the brotli
// copies (scripts/precompress.mjs) go to browsers that take them: the cheap phone's download,
// counted as the network carries it. Anything else is Next's.
import { readdirSync } from "node:fs";
import path from "node:path";
import Negotiator from "negotiator";
import send from "send";

/** @typedef {import("node:http").IncomingMessage} IncomingMessage */
/** @typedef {import("node:http").ServerResponse} ServerResponse */

/** @param {string} urlPath */
const decodedPath = (urlPath) => {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return null;
  }
};

/**
 * Where each of the build's folders is served: Next's static files, and the messages' scripts of
 * our own build (.build/i18n, scripts/i18n-assets.ts). Only a made-up path under Next's is a 404
 * here; one under /i18n/ is Next's route's to answer (app/i18n/[file]).
 */
export const BUILD_FOLDERS = [
  { prefix: "/_next/static/", dir: path.resolve(".next", "static"), known: true },
  { prefix: "/i18n/", dir: path.resolve(".build", "i18n"), known: false },
];

/** @param {{ prefix: string; dir: string; known: boolean }[]} folders */
export function buildFiles(folders = BUILD_FOLDERS) {
  /** @type {Set<string>} */
  const builtFiles = new Set();
  for (const { prefix, dir } of folders) {
    const entries = (() => {
      try {
        return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      } catch {
        return [];
      }
    })();
    for (const entry of entries)
      builtFiles.add(`${prefix}${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`);
  }
  const precompressed = new Set([...builtFiles].filter((file) => file.endsWith(".br")).map((file) => file.slice(0, -".br".length)));
  /** @param {string} urlPath */
  const folderOf = (urlPath) => folders.find(({ prefix }) => urlPath.startsWith(prefix));
  return {
    /**
     * A path under /_next/static/ that the build has no file for.
     * @param {string} urlPath
     */
    madeUp: (urlPath) => folderOf(urlPath)?.known === true && !builtFiles.has(decodedPath(urlPath) ?? ""),
    /**
     * Sends a build's script or stylesheet in brotli, when there is a copy and the browser takes it;
     * the messages' scripts also as they are to one that does not (Next's own files are Next's then).
     * `fallback` serves the request otherwise if the file cannot be read before anything is sent.
     * @param {IncomingMessage} request
     * @param {ServerResponse} response
     * @param {string} urlPath
     * @param {() => void} fallback
     * @returns {boolean} whether it is being sent
     */
    servedBrotli(request, response, urlPath, fallback) {
      const folder = folderOf(urlPath);
      const file = decodedPath(urlPath) ?? "";
      if (!folder || (request.method !== "GET" && request.method !== "HEAD")) return false;
      const brotli = precompressed.has(file) && new Negotiator(request).encoding(["br", "identity"]) === "br";
      // As it is: a messages' script the build wrote, never its brotli copy under its own name.
      if (!brotli && (folder.known || !builtFiles.has(file) || file.endsWith(".br"))) return false;
      send(request, `${urlPath.slice(folder.prefix.length - 1)}${brotli ? ".br" : ""}`, {
        root: folder.dir,
        immutable: true,
        maxAge: "1y",
        index: false,
        dotfiles: "deny",
      })
        .on("headers", (res) => {
          res.setHeader("Content-Type", urlPath.endsWith(".css") ? "text/css; charset=utf-8" : "application/javascript; charset=utf-8");
          if (brotli) res.setHeader("Content-Encoding", "br");
          res.setHeader("Vary", "Accept-Encoding");
          res.setHeader("X-Content-Type-Options", "nosniff");
        })
        // Before anything is sent, Next serves the file as it is; after, the response can only be cut.
        .on("error", () => (response.headersSent ? response.destroy() : fallback()))
        .pipe(response);
      return true;
    },
  };
}
