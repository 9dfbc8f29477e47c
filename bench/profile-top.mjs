// `node bench/profile-top.mjs FILE.cpuprofile [N]`: a CPU profile's N (25) dearest functions by
// self time, and by total time (their own and their callees'), with where they are (the bundle's
// file or the package). For bench:cost's BENCH_PROFILE profiles, or Node's --cpu-prof.
import { readFileSync } from "node:fs";

const [file, count = "25"] = process.argv.slice(2);
if (!file) throw new Error("usage: node bench/profile-top.mjs FILE.cpuprofile [N]");
const { nodes, samples, timeDeltas } = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of nodes) for (const child of node.children ?? []) parent.set(child, node.id);
// Left out: the idle samples, and the profiler's own stop (the bench's call that ends the profile).
const left = (id) => {
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const { functionName, url } = byId.get(at).callFrame;
    if (functionName === "(idle)" || url.includes("test-support/profile")) return true;
  }
  return false;
};
const selfUs = new Map();
samples.forEach((id, i) => {
  if (!left(id)) selfUs.set(id, (selfUs.get(id) ?? 0) + (timeDeltas[i] ?? 0));
});
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const where = ({ callFrame: { url, lineNumber } }) => {
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  return module ?? (url ? `${url.replace(/^.*?\/(\.next|server|lib)\//, "$1/")}:${lineNumber + 1}` : "(native)");
};
const nameOf = (node) => `${node.callFrame.functionName || "(anonymous)"}  ${where(node)}`;

const self = new Map();
const inclusive = new Map();
for (const [id, us] of selfUs) {
  const node = byId.get(id);
  self.set(nameOf(node), (self.get(nameOf(node)) ?? 0) + us);
  // Each function once per stack, however deep it recurses.
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const name = nameOf(byId.get(at));
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + us);
  }
}
const top = (map, title) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(count)))
    console.log(`${(us / 1000).toFixed(1).padStart(9)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`);
};
// Where the time goes, by package (self time): next, postgres, drizzle-orm, node's own, ours.
const packages = new Map();
for (const [id, us] of selfUs) {
  const { url } = byId.get(id).callFrame;
  const where =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
    (url.startsWith("node:") ? "node" : url ? "ours (.next, server)" : "(native, gc)");
  packages.set(where, (packages.get(where) ?? 0) + us);
}
top(packages, "self time by package");
top(self, "self time");
top(inclusive, "total time");
