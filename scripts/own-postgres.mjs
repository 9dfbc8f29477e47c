// @ts-check
// A PostgreSQL cluster of a script's or a test's own (initdb and pg_ctl on a free port in a folder
// of its own; the machine's server is never touched): the restore drill's, and the outage test's,
// which stops it in the middle of a test. As root, PostgreSQL's programs run as the postgres user.
import { execFileSync } from "node:child_process";
import { appendFileSync, chownSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

/** PostgreSQL's server programs (Debian: /usr/lib/postgresql/<version>/bin), the newest installed. */
export function postgresBin() {
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(path.join(base, v, "bin", "initdb"))) : [];
  if (versions.length === 0) throw new Error("PostgreSQL's server programs are not installed (apt-get install postgresql)");
  return path.join(base, versions.sort((a, b) => Number(b) - Number(a))[0], "bin");
}

// PostgreSQL refuses to run as root: as root, its programs run as the postgres user.
const asRoot = process.getuid?.() === 0;
export const owner = asRoot
  ? { uid: Number(execFileSync("id", ["-u", "postgres"]).toString()), gid: Number(execFileSync("id", ["-g", "postgres"]).toString()) }
  : null;

/**
 * Runs one of PostgreSQL's programs; its output.
 * @param {string} program
 * @param {string[]} args
 */
export function pg(program, args) {
  const bin = postgresBin();
  const [command, argv] = asRoot
    ? ["runuser", ["-u", "postgres", "--", path.join(bin, program), ...args]]
    : [path.join(bin, program), args];
  return execFileSync(command, argv, { stdio: ["ignore", "pipe", "pipe"] }).toString();
}

/**
 * `folder`, made and owned by whoever runs PostgreSQL's programs.
 * @param {string} folder
 */
export function ownedFolder(folder) {
  mkdirSync(folder, { recursive: true });
  if (owner) chownSync(folder, owner.uid, owner.gid);
  return folder;
}

/** A port no one listens on now (on 127.0.0.1). @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * A new cluster in `data` (inside `folder`, which holds its socket and log), listening on
 * 127.0.0.1:`port` with trust auth; `settings` are added to its postgresql.conf. Not started.
 * @param {{ folder: string; data: string; port: number; settings?: string[] }} options
 */
export function newCluster({ folder, data, port, settings = [] }) {
  ownedFolder(folder);
  pg("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-instructions"]);
  const lines = [`port = ${port}`, "listen_addresses = '127.0.0.1'", `unix_socket_directories = '${folder}'`, ...settings];
  appendFileSync(path.join(data, "postgresql.conf"), ["", ...lines, ""].join("\n"));
  const log = path.join(folder, `${path.basename(data)}.log`);
  return {
    url: (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: () => pg("pg_ctl", ["-D", data, "-l", log, "-w", "-t", "120", "start"]),
    /** @param {"immediate" | "fast"} mode */
    stop: (mode = "fast") => pg("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]),
  };
}
