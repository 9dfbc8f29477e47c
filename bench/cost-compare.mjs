// `npm run bench:cost:compare [-- <commit>]`: bench:cost on the commit before a change and on this
// checkout, side by side in one run: the same recorded requests replayed on each build in turn
// (base, this, base, this…), so that both meet the same machine. The commit (default BENCH_BASE,
// else a977757, the last main before seasons: the bench replays what this checkout's pages ask, so
// the base needs the same pages, the offline shell's included) is checked out in a temporary
// worktree sharing this checkout's node_modules, and built there. Each figure is CPU-ms per pupil
// (bench/cost.mjs).
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { root } from "../scripts/env.mjs";

const ref = process.argv[2] ?? process.env.BENCH_BASE ?? "a977757";
const TURNS = Number(process.env.BENCH_TURNS ?? 2);
const dir = mkdtempSync(path.join(os.tmpdir(), "olimpiada-cost-compare-"));
const worktree = path.join(dir, "base");
const recording = path.join(dir, "recording.json");

function git(...args) {
  const result = spawnSync("git", args, { cwd: root, encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout.trim();
}

/** One bench:cost run on the build at `appRoot`: its medians per flow (the table's median column). */
function costRun(appRoot) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "bench", "cost.mjs")], {
      cwd: root,
      env: { ...process.env, BENCH_APP_ROOT: appRoot, BENCH_RECORDING: recording },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`bench/cost.mjs on ${appRoot} exited with ${code}`));
      const table = out.slice(out.indexOf("CPU-ms per pupil"));
      const medians = new Map();
      // A flow's line: its name, the rounds' figures (a · b · c), the median, the spread.
      for (const match of table.matchAll(/^(\S.*?)\s{2,}((?:[\d.]+ · )*[\d.]+)\s+([\d.]+)\s+±/gm))
        medians.set(match[1].trim(), Number(match[3]));
      resolve(medians);
    });
  });
}

const base = git("rev-parse", "--short", ref);
const head = git("rev-parse", "--short", "HEAD");
try {
  git("worktree", "add", "--detach", worktree, ref);
  symlinkSync(path.join(root, "node_modules"), path.join(worktree, "node_modules"), "dir");
  const turns = { base: [], head: [] };
  for (let turn = 0; turn < TURNS; turn++) {
    for (const [side, appRoot] of [
      ["base", worktree],
      ["head", root],
    ]) {
      console.log(`\n=== turn ${turn + 1}: ${side === "base" ? `base ${base}` : `this checkout (${head})`} ===`);
      turns[side].push(await costRun(appRoot));
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const flows = [...turns.head[0].keys()];
  console.log(`\nCPU-ms per pupil, bench:cost's median of each turn, base ${base} beside ${head}, turns taken in turn`);
  console.log(`${"flow".padEnd(18)} ${`base ${base}`.padEnd(22)} ${`this ${head}`.padEnd(22)} this / base`);
  for (const flow of flows) {
    const b = turns.base.map((t) => t.get(flow)).filter((v) => v !== undefined);
    const h = turns.head.map((t) => t.get(flow));
    const ratio = b.length ? `${((median(h) / median(b)) * 100).toFixed(0)} %` : "(not in base)";
    console.log(
      `${flow.padEnd(18)} ${b
        .map((v) => v.toFixed(1))
        .join(" · ")
        .padEnd(22)} ${h
        .map((v) => v.toFixed(1))
        .join(" · ")
        .padEnd(22)} ${ratio}`,
    );
  }
} finally {
  spawnSync("git", ["worktree", "remove", "--force", worktree], { cwd: root });
  rmSync(dir, { recursive: true, force: true });
}
