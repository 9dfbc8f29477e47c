// The deployment guide (docs/deployment.md, issue 26), checked as far as a machine can without being
// the server: its nginx site passes `nginx -t` and hands requests on with exactly the lines of
// `npm run ops:cluster` (the layout the suites run), and its systemd units pass `systemd-analyze verify`.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PROXY_DIRECTIVES, STATUS_CACHE_DIRECTIVES } from "../../scripts/cluster.mjs";

const guide = readFileSync("docs/deployment.md", "utf8");
/** The guide's fenced blocks of a language, without the list's indentation. */
const blocks = (language: string) =>
  [...guide.matchAll(new RegExp(`^( *)\`\`\`${language}\\n([\\s\\S]*?)^\\1\`\`\``, "gm"))].map(([, indent, body]) =>
    body
      .split("\n")
      .map((line) => line.slice(indent.length))
      .join("\n"),
  );
const site = blocks("nginx").find((block) => block.includes("upstream olimpiada"))!;
const unit = (name: string) => blocks("ini").find((block) => block.startsWith(`# /etc/systemd/system/${name}`))!;
const dir = mkdtempSync(path.join(tmpdir(), "olimpiada-guide-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const meaningful = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));

describe("the deployment guide", () => {
  /** The meaningful lines of a location block of the site, from its opening line to its close. */
  const locationOf = (opening: string) => {
    const lines = meaningful(site.slice(site.indexOf(opening)));
    return lines.slice(1, lines.indexOf("}"));
  };

  it("hands requests to the app with the cluster's very lines, and keeps /holat as the cluster does", () => {
    expect(locationOf("location / {")).toEqual(meaningful(PROXY_DIRECTIVES));
    expect(locationOf("location ~ ^/(holat|api/notices)$ {")).toEqual([
      ...meaningful(STATUS_CACHE_DIRECTIVES),
      ...meaningful(PROXY_DIRECTIVES),
    ]);
    expect(site).toMatch(/proxy_cache_path \S+ levels=1 keys_zone=olimpiada_status:1m/);
  });

  it("has an nginx site that nginx accepts, with TLS and the redirect from plain http", () => {
    const cert = path.join(dir, "tls.crt");
    const key = path.join(dir, "tls.key");
    const made = spawnSync("openssl", [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"],
      ...["-subj", "/CN=olimpiada.example.uz", "-keyout", key, "-out", cert],
    ]);
    expect(made.status).toBe(0);
    expect(site).toMatch(/listen 443 ssl;/);
    expect(site).toMatch(/return 301 https:\/\/\$host\$request_uri;/);
    const siteFile = path.join(dir, "olimpiada.conf");
    writeFileSync(
      siteFile,
      site
        .replace(/ssl_certificate \S+;/, `ssl_certificate ${cert};`)
        .replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${key};`)
        .replace(/proxy_cache_path \S+/, `proxy_cache_path ${dir}/cache`),
    );
    const main = path.join(dir, "nginx.conf");
    writeFileSync(main, `pid ${dir}/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n  include ${siteFile};\n}\n`);
    const checked = spawnSync("/usr/sbin/nginx", ["-t", "-p", dir, "-c", main], { encoding: "utf8" });
    expect(checked.stderr).toContain("test is successful");
    expect(checked.status).toBe(0);
  });

  it("has systemd units that systemd accepts", () => {
    for (const [name, file] of [
      ["olimpiada@.service", "olimpiada@3001.service"],
      ["olimpiada-migrate.service", "olimpiada-migrate.service"],
    ]) {
      const text = unit(name);
      expect(text, name).toBeTruthy();
      writeFileSync(path.join(dir, file), text);
      const verified = spawnSync("systemd-analyze", ["verify", path.join(dir, file)], { encoding: "utf8" });
      expect(`${verified.stdout}${verified.stderr}`, name).toBe("");
      expect(verified.status, name).toBe(0);
    }
    // The instance runs server/main.mjs (the socket's address for the limits, admission control), never `next start`.
    expect(unit("olimpiada@.service")).toContain("ExecStart=/usr/bin/node server/main.mjs -p %i -H 127.0.0.1");
  });
});
