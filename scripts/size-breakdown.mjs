// What takes the space in the release wasm, as twiggy would say it: the code bytes of every
// function, summed by crate and by Layout Lab module, with the largest functions. A report,
// not a check. Run after `trunk build --release` (scripts/test does one):
//
//   node scripts/size-breakdown.mjs [--top 20]
//
// The release build's own wasm (target/wasm32-unknown-unknown/release/layout-lab-web.wasm)
// still has its function names; this runs wasm-bindgen (--keep-debug) and wasm-opt with
// Trunk's passes (-Oz -Oz, index.html) plus -g, into target/size/, so the sizes are those of
// the optimized code that ships, with names kept only here.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, statSync } from "node:fs";

const args = process.argv.slice(2);
const top = args.includes("--top") ? Number(args[args.indexOf("--top") + 1]) : 20;
const input = "target/wasm32-unknown-unknown/release/layout-lab-web.wasm";
const out = "target/size";
mkdirSync(out, { recursive: true });
execFileSync("wasm-bindgen", ["--target", "web", "--keep-debug", "--no-typescript", "--out-dir", out, input]);
const wasm = `${out}/layout-lab-web_bg.wasm`;
const optimized = `${out}/optimized.wasm`;
execFileSync("wasm-opt", ["-Oz", "-Oz", "-g", wasm, "-o", optimized]);

const bytes = readFileSync(optimized);
let at = 8;
const leb = () => {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return value;
  }
};
const name = () => {
  const n = leb();
  const text = bytes.toString("utf8", at, at + n);
  at += n;
  return text;
};
let imported = 0;
let data = 0;
const bodies = [];
const names = new Map();
while (at < bytes.length) {
  const id = bytes[at++];
  const size = leb();
  const end = at + size;
  if (id === 2) {
    for (let k = leb(); k > 0; k--) {
      name();
      name();
      const kind = bytes[at++];
      if (kind === 0) {
        leb();
        imported++;
      } else if (kind === 1) {
        at++;
        if (leb() & 1) leb();
        leb();
      } else if (kind === 2) {
        if (leb() & 1) leb();
        leb();
      } else if (kind === 3) at += 2;
      else leb();
    }
  } else if (id === 10) {
    for (let k = leb(); k > 0; k--) {
      const n = leb();
      bodies.push(n);
      at += n;
    }
  } else if (id === 11) {
    data = size;
  } else if (id === 0 && name() === "name") {
    while (at < end) {
      const sub = bytes[at++];
      const length = leb();
      const subEnd = at + length;
      if (sub === 1) {
        for (let k = leb(); k > 0; k--) {
          const index = leb();
          names.set(index, name());
        }
      }
      at = subEnd;
    }
  }
  at = end;
}

if (names.size === 0 || bodies.length === 0) {
  console.error(`size-breakdown: no function names or no code in ${optimized}`);
  process.exit(1);
}

// The path of a function's (demangled) name: `layout_lab_engine::simplify::rule::h…`; a trait
// impl by its type (`<layout_lab_engine::View as core::fmt::Display>::fmt`), or by its trait
// where the type is generic or primitive; wasm-bindgen's shims and runtime symbols apart.
const primitive = /^(?:[A-Z]|[iu](?:8|16|32|64|128|size)|f32|f64|bool|char|str|&.*|\[.*|\(.*)$/;
const path = (symbol) => {
  if (/^__wbg|^__wbindgen|^__externref|^wasm-bindgen| shim$|^Closure\(|^Ref\(|^intounderlying/.test(symbol)) {
    return ["wasm-bindgen glue"];
  }
  const impl = /^<(?:impl )?(.+?) as ([^<>]+?)(?:<.*)?>::/.exec(symbol) ?? /^<(?:impl )?([^<> ]+)/.exec(symbol);
  let text = impl ? impl[1] : symbol;
  if (impl && primitive.test(text)) text = impl[2] ?? `core::${text}`;
  const segments = text.split("::").map((s) => s.replace(/\[[0-9a-f]+\]$/, ""));
  if (symbol === "") return ["unnamed (made by wasm-opt)"];
  if (segments.length === 1) return ["runtime (entry, builtins)"];
  // the workspace's crates, under one name: layout_lab::engine::…, ::state, ::panels, ::draw, ::ui
  if (segments[0] === "layout_lab_engine") return ["layout_lab", "engine", ...segments.slice(1)];
  if (["layout_lab_model", "layout_lab_app", "layout_lab_web"].includes(segments[0])) {
    return ["layout_lab", ...segments.slice(1)];
  }
  return segments;
};
const std = new Set(["core", "alloc", "std", "dlmalloc", "compiler_builtins", "hashbrown", "__rustc"]);
const byCrate = new Map();
const byModule = new Map();
const functions = [];
let code = 0;
bodies.forEach((n, k) => {
  const symbol = names.get(imported + k) ?? "";
  const p = path(symbol);
  const crate = std.has(p[0]) ? "Rust std (core, alloc, std, dlmalloc, hashbrown)" : p[0] || "unnamed";
  byCrate.set(crate, (byCrate.get(crate) ?? 0) + n);
  if (p[0] === "layout_lab") {
    const depth = p[1] === "ui" && ["pages", "components"].includes(p[2]) ? 4 : 3;
    const module = p.slice(0, depth).filter((s) => /^[a-z_]+$/.test(s)).join("::");
    byModule.set(module, (byModule.get(module) ?? 0) + n);
  }
  functions.push([n, symbol.replace(/::h[0-9a-f]{16}$/, "") || "unnamed"]);
  code += n;
});

const pad = (v, n) => String(v).padStart(n);
const share = (n) => `${((100 * n) / code).toFixed(1)}%`;
const table = (title, rows) => {
  console.log(`\n${title}`);
  for (const [n, label] of rows) console.log(`${pad(n, 9)} ${pad(share(n), 6)}  ${label}`);
};
console.log(`${optimized}: ${statSync(optimized).size} bytes with names; code ${code} bytes in ${bodies.length} functions, data ${data} bytes`);
const sorted = (map) => [...map].map(([k, v]) => [v, k]).sort((a, b) => b[0] - a[0]);
const crates = sorted(byCrate);
const small = crates.filter(([n]) => n < code / 200);
table("code by crate", [
  ...crates.filter(([n]) => n >= code / 200),
  [small.reduce((t, [n]) => t + n, 0), `${small.length} others under 0.5% each`],
]);
table(`code by Layout Lab module (largest ${top})`, sorted(byModule).slice(0, top));
table(`largest functions (${top})`, functions.sort((a, b) => b[0] - a[0]).slice(0, top));
