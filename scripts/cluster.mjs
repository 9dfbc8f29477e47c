// @ts-check
// `npm run ops:cluster`: the production build as 2–3 app instances behind nginx against one
// PostgreSQL (DATABASE_URL), rate limits shared through Redis, optionally through PgBouncer.
// Environment and the files it writes: docs/operations.md#cluster
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { localSecrets, root } from "./env.mjs";

const NGINX = "/usr/sbin/nginx";
const PGBOUNCER = "/usr/sbin/pgbouncer";

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `url` answers 200.
 * @param {string} url
 * @param {number} [seconds]
 */
async function healthy(url, seconds = 60) {
  for (let i = 0; i < seconds * 4; i++) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      // not yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/**
 * Waits until something accepts connections on 127.0.0.1:port (PgBouncer has no health URL).
 * @param {number} port
 * @param {number} [seconds]
 */
async function accepting(port, seconds = 30) {
  for (let i = 0; i < seconds * 4; i++) {
    /** @type {boolean} */
    const open = await new Promise((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await sleep(250);
  }
  throw new Error(`nothing listens on port ${port} after ${seconds} s`);
}

/**
 * Debian's packages this needs, installed when missing (as root, like the test launcher's Chromium).
 * @param {string[][]} names each package's name and the binary that shows it is installed
 */
function ensurePackages(names) {
  const missing = names.filter(([, binary]) => !existsSync(binary)).map(([name]) => name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) throw new Error(`Install ${missing.join(" ")}: sudo apt-get install -y ${missing.join(" ")}`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update", "-qq"], { stdio: "ignore", env });
  const result = spawnSync("apt-get", ["install", "-y", "-qq", ...missing], { stdio: "ignore", env });
  if (result.status !== 0) throw new Error(`apt-get install ${missing.join(" ")} failed`);
}

/**
 * How nginx hands a request to the app: the same lines as the deployment guide's, docs/deployment.md
 * (a unit test holds the two together), so that this cluster is the tested form of the real layout.
 */
export const PROXY_DIRECTIVES = `proxy_pass http://olimpiada;
proxy_http_version 1.1;
proxy_set_header Connection "";
proxy_set_header Host $http_host;
proxy_set_header X-Forwarded-Proto $scheme;
# The app counts limits per client address: the one nginx saw, appended (TRUST_PROXY_HOPS=1).
proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
# An instance that dies mid-request: the request goes to another. Safe for POSTs too, since
# every call of ours is idempotent (an answer replaces itself, Finish and New answer the same
# or refuse a repeat harmlessly).
proxy_next_upstream error timeout http_502 non_idempotent;
proxy_next_upstream_tries 3;
proxy_connect_timeout 2s;
proxy_read_timeout 60s;
client_max_body_size 8m;`;

/**
 * The public status page (/holat) and the pages' notices, kept by nginx for a few seconds and
 * given from its copy while the instances are saturated or down (the deployment guide has the same).
 */
export const STATUS_CACHE_DIRECTIVES = `proxy_cache olimpiada_status;
proxy_cache_key $scheme$host$request_uri$cookie_lang$http_accept_language;
proxy_ignore_headers Vary;
proxy_cache_valid 200 5s;
proxy_cache_use_stale updating error timeout http_500 http_502 http_503 http_504;
proxy_cache_background_update on;
proxy_cache_lock on;`;

/**
 * @param {string} text
 * @param {number} spaces
 */
const indent = (text, spaces) =>
  text
    .split("\n")
    .map((line) => " ".repeat(spaces) + line)
    .join("\n");

/**
 * A self-signed certificate for 127.0.0.1 and localhost (TLS=true without TLS_CERT and TLS_KEY).
 * @param {string} dir
 * @returns {{ cert: string; key: string }}
 */
function selfSignedCertificate(dir) {
  const cert = path.join(dir, "tls.crt");
  const key = path.join(dir, "tls.key");
  if (!existsSync(cert)) {
    const made = spawnSync("openssl", [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "7"],
      ...["-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", key, "-out", cert],
    ]);
    if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  }
  return { cert, key };
}

/**
 * A folder for nginx (its configuration, pid, temporary files and the status page's cache), made
 * where its workers can write: they drop root for an unprivileged user, and a checkout may sit in a
 * folder only its owner can enter (mktemp's are), where they could not keep /holat's copy.
 * @param {string} name
 * @returns {string}
 */
export function nginxFolder(name) {
  const dir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  for (const sub of ["", "body", "proxy", "fastcgi", "uwsgi", "scgi", "status-cache"]) {
    mkdirSync(path.join(dir, sub), { recursive: true });
    chmodSync(path.join(dir, sub), 0o777);
  }
  return dir;
}

/**
 * nginx's configuration: the instances behind one port, the status page kept a few seconds.
 * @param {{ dir: string; port: number; instancePorts: number[]; tls: { cert: string; key: string } | null }} options
 * @returns {string}
 */
export function nginxConfig({ dir, port, instancePorts, tls }) {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr error;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  proxy_cache_path ${dir}/status-cache levels=1 keys_zone=olimpiada_status:1m max_size=10m inactive=1h;
  upstream olimpiada {
${instancePorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join("\n")}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port}${tls ? " ssl" : ""};
${tls ? `    ssl_certificate ${tls.cert};\n    ssl_certificate_key ${tls.key};\n    ssl_protocols TLSv1.2 TLSv1.3;\n` : ""}    location ~ ^/(holat|api/notices)$ {
${indent(STATUS_CACHE_DIRECTIVES, 6)}
${indent(PROXY_DIRECTIVES, 6)}
    }
    location / {
${indent(PROXY_DIRECTIVES, 6)}
    }
  }
}
`;
}

/**
 * PgBouncer's configuration: transaction mode in front of the one database.
 * @param {{ dir: string; port: number; databaseUrl: string }} options
 */
function pgbouncerConfig({ dir, port, databaseUrl }) {
  const url = new URL(databaseUrl);
  const database = url.pathname.slice(1);
  return `[databases]
${database} = host=${url.hostname} port=${url.port || 5432} dbname=${database} user=${decodeURIComponent(url.username || "postgres")}${url.password ? ` password=${decodeURIComponent(url.password)}` : ""}
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
auth_type = trust
auth_file = ${dir}/users.txt
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 40
logfile = ${dir}/pgbouncer.log
pidfile = ${dir}/pgbouncer.pid
unix_socket_dir =
ignore_startup_parameters = extra_float_digits
log_connections = 0
log_disconnections = 0
`;
}

/**
 * Starts the instances, then nginx in front (and PgBouncer behind, when asked). The first instance
 * applies pending migrations (straight to PostgreSQL: a session lock, which PgBouncer's transaction
 * mode cannot hold), the others start with MIGRATE_ON_START=false.
 * @param {{
 *   databaseUrl: string | undefined;
 *   instances?: number;
 *   port?: number;
 *   firstInstancePort?: number;
 *   redisUrl?: string;
 *   pgbouncer?: boolean;
 *   migrate?: boolean;
 *   tls?: boolean;
 *   env?: Record<string, string>;
 *   dir?: string;
 *   log?: (line: string) => void;
 * }} options
 */
export async function startCluster({
  databaseUrl,
  instances = 3,
  port = 8080,
  firstInstancePort = port + 1,
  redisUrl = "redis://127.0.0.1:6379",
  pgbouncer = false,
  migrate = true,
  tls = false,
  env = {},
  dir = path.join(root, ".data", `cluster-${port}`),
  log = console.log,
}) {
  if (!databaseUrl) throw new Error("The cluster needs DATABASE_URL: the embedded database belongs to one process.");
  ensurePackages([["nginx", NGINX], ...(pgbouncer ? [["pgbouncer", PGBOUNCER]] : [])]);
  mkdirSync(dir, { recursive: true });
  /** @type {import("node:child_process").ChildProcess[]} */
  const children = [];
  /**
   * @param {string} command
   * @param {string[]} args
   * @param {NodeJS.ProcessEnv} childEnv
   */
  const spawnChild = (command, args, childEnv) => {
    const child = spawn(command, args, { cwd: root, env: childEnv, stdio: ["ignore", "ignore", "inherit"], detached: true });
    children.push(child);
    return child;
  };

  let poolUrl = databaseUrl;
  // PgBouncer's files where its unprivileged user can reach them: a checkout may sit in a folder
  // only its owner can enter (mktemp's are), and PgBouncer then cannot even open its log.
  const bouncerDir = pgbouncer ? mkdtempSync(path.join(tmpdir(), "olimpiada-pgbouncer-")) : null;
  if (bouncerDir) {
    chmodSync(bouncerDir, 0o777);
    const bouncerPort = port + 100;
    writeFileSync(path.join(bouncerDir, "pgbouncer.ini"), pgbouncerConfig({ dir: bouncerDir, port: bouncerPort, databaseUrl }));
    // Trust, like the machine's PostgreSQL here; PgBouncer still wants the user listed.
    const user = new URL(databaseUrl);
    writeFileSync(
      path.join(bouncerDir, "users.txt"),
      `"${decodeURIComponent(user.username || "postgres")}" "${decodeURIComponent(user.password)}"\n`,
    );
    // PgBouncer will not run as root: as root it is told to become an unprivileged user.
    const asUser = process.getuid?.() === 0 ? ["-u", existsSync("/var/lib/postgresql") ? "postgres" : "nobody"] : [];
    spawnChild(PGBOUNCER, ["-q", ...asUser, path.join(bouncerDir, "pgbouncer.ini")], process.env);
    const url = new URL(databaseUrl);
    url.host = `127.0.0.1:${bouncerPort}`;
    poolUrl = url.toString();
    // No instance may start before PgBouncer listens: its first queries would be refused.
    await accepting(bouncerPort);
  }

  const instancePorts = Array.from({ length: instances }, (_, i) => firstInstancePort + i);
  /** @type {import("node:child_process").ChildProcess[]} */
  const instanceProcesses = [];
  /**
   * @param {number} i
   * @param {{ migrateNow: boolean }} options
   */
  const launch = (i, { migrateNow }) => {
    const child = spawnChild(process.execPath, ["server/main.mjs", "-p", String(instancePorts[i]), "-H", "127.0.0.1"], {
      ...process.env,
      NODE_ENV: "production",
      TRUST_PROXY_HOPS: "1",
      REDIS_URL: redisUrl,
      INSTANCE_NAME: `app${i + 1}`,
      // Each instance's log lines (lib/log.mjs) in a file of its own, for ops:logs-attempt.
      LOG_FILE: path.join(dir, "logs", `app${i + 1}.log`),
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_IGNORE_INCORRECT_LOCKFILE: "1",
      ...env,
      DATABASE_URL: migrateNow ? databaseUrl : poolUrl,
      // PgBouncer's transaction mode cannot hold a LISTEN: the acts are heard on PostgreSQL itself.
      DATABASE_LISTEN_URL: databaseUrl,
      ...(pgbouncer && !migrateNow ? { DATABASE_PREPARE: "false" } : {}),
      MIGRATE_ON_START: migrateNow ? "true" : "false",
    });
    instanceProcesses[i] = child;
    return child;
  };
  // The first instance migrates; the rest start once it is up.
  launch(0, { migrateNow: migrate });
  await healthy(`http://127.0.0.1:${instancePorts[0]}/api/health`, 120);
  for (let i = 1; i < instances; i++) launch(i, { migrateNow: false });
  await Promise.all(instancePorts.slice(1).map((p) => healthy(`http://127.0.0.1:${p}/api/health`, 120)));

  // TLS: the organisation's certificate (TLS_CERT, TLS_KEY), or one made here for 127.0.0.1.
  const certificate = tls
    ? process.env.TLS_CERT && process.env.TLS_KEY
      ? { cert: process.env.TLS_CERT, key: process.env.TLS_KEY }
      : selfSignedCertificate(dir)
    : null;
  const nginxDir = nginxFolder("olimpiada-nginx");
  writeFileSync(path.join(nginxDir, "nginx.conf"), nginxConfig({ dir: nginxDir, port, instancePorts, tls: certificate }));
  spawnChild(NGINX, ["-p", nginxDir, "-c", path.join(nginxDir, "nginx.conf"), "-g", "daemon off;"], process.env);
  const base = `${tls ? "https" : "http"}://127.0.0.1:${port}`;
  await healthy(`http://127.0.0.1:${instancePorts[0]}/api/health`, 30);
  await accepting(port);
  log(`${instances} instances (${instancePorts.join(", ")}) behind nginx at ${base}${pgbouncer ? ", through PgBouncer" : ""}`);

  return {
    base,
    dir,
    instances: instanceProcesses.map((child, i) => ({
      name: `app${i + 1}`,
      port: instancePorts[i],
      pid: child.pid,
      log: path.join(dir, "logs", `app${i + 1}.log`),
    })),
    async stop() {
      for (const child of children.reverse()) {
        try {
          process.kill(-(/** @type {number} */ (child.pid)), "SIGTERM");
        } catch {
          // already gone
        }
      }
      await sleep(500);
      if (bouncerDir) rmSync(bouncerDir, { recursive: true, force: true });
      rmSync(nginxDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const cluster = await startCluster({
    databaseUrl: process.env.DATABASE_URL,
    instances: Number(process.env.INSTANCES ?? 3),
    port: Number(process.env.PORT ?? 8080),
    redisUrl: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    pgbouncer: process.env.PGBOUNCER === "true",
    tls: process.env.TLS === "true",
    // The same secrets on every instance (a session cookie signed by one is read by all).
    env: Object.fromEntries(Object.entries(localSecrets()).filter(([name]) => !process.env[name])),
  });
  // Who is where, for an operator (or a test) that wants to stop one instance as a machine dies.
  writeFileSync(path.join(cluster.dir, "instances.json"), JSON.stringify(cluster.instances));
  const stop = () => cluster.stop().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
