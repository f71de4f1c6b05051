// Size report of a Trunk dist/: raw, gzip and brotli bytes of the wasm, js and css it ships.
// Fails when the brotli total exceeds the budget (bytes; env SIZE_BUDGET_BROTLI, default
// `budget` below): size is deterministic, so the budget is a check, not a benchmark. It is a
// ratchet a little above the current size, raised only on purpose, with the measured cost in
// the commit that raises it (docs/journal.md has what each feature cost). The old fixed target
// of 250,000 bytes is retired: it would have cost named features.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, extname } from "node:path";
import { gzipSync, brotliCompressSync, constants } from "node:zlib";

const dist = process.argv[2] ?? "dist";
const kinds = [".wasm", ".js", ".css"];
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (kinds.includes(extname(name))) files.push(path);
  }
};
walk(dist);
if (files.length === 0) {
  console.error(`size-report: no wasm/js/css in ${dist}`);
  process.exit(1);
}
const brotli = (data) =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const rows = files.sort().map((path) => {
  const data = readFileSync(path);
  return { path, raw: data.length, gzip: gzipSync(data, { level: 9 }).length, brotli: brotli(data) };
});
const total = rows.reduce(
  (t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip, brotli: t.brotli + r.brotli }),
  { raw: 0, gzip: 0, brotli: 0 },
);
const pad = (v, n) => String(v).padStart(n);
console.log(`${"file".padEnd(56)} ${pad("raw", 9)} ${pad("gzip", 9)} ${pad("brotli", 9)}`);
for (const r of rows) {
  console.log(`${r.path.padEnd(56)} ${pad(r.raw, 9)} ${pad(r.gzip, 9)} ${pad(r.brotli, 9)}`);
}
console.log(`${"total".padEnd(56)} ${pad(total.raw, 9)} ${pad(total.gzip, 9)} ${pad(total.brotli, 9)}`);

const budget = Number(process.env.SIZE_BUDGET_BROTLI ?? 604300);
if (total.brotli > budget) {
  console.error(`size budget: ${total.brotli} brotli bytes exceed the budget of ${budget}`);
  process.exit(1);
}
console.log(`size budget: ${total.brotli} of ${budget} brotli bytes`);
