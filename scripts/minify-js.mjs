// Trunk post_build hook: minifies wasm-bindgen's JS glue with terser (Trunk's own JS minifier
// fails on it and leaves it as is) and rewrites the Subresource Integrity hash that Trunk put
// on its <link rel=modulepreload>, so the browser still accepts the file. Release builds only:
// debug builds keep the readable glue.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { minify } from "terser";

const dir = process.env.TRUNK_STAGING_DIR ?? process.argv[2];
if (!dir) {
  console.error("minify-js: set TRUNK_STAGING_DIR or pass the folder holding index.html");
  process.exit(1);
}
if (process.env.TRUNK_PROFILE && process.env.TRUNK_PROFILE !== "release") process.exit(0);
const indexPath = join(dir, "index.html");
let html = readFileSync(indexPath, "utf8");
// The glue at the top, and wasm-bindgen's snippets (JS modules the Rust code imports) under
// snippets/; Trunk preloads each with an integrity hash. Scripts index.html does not name
// (public/layout-lab.js, the <layout-lab> element for other pages) are classic scripts with no
// hash: minified as such.
const top = readdirSync(dir).filter((f) => f.endsWith(".js"));
const glue = top.filter((f) => html.includes(f));
const walk = (d) => {
  for (const entry of readdirSync(join(dir, d), { withFileTypes: true })) {
    const path = `${d}/${entry.name}`;
    if (entry.isDirectory()) walk(path);
    else if (entry.name.endsWith(".js")) glue.push(path);
  }
};
if (existsSync(join(dir, "snippets"))) walk("snippets");

/** Minifies `file` in place (as an ES module or a classic script) and returns its new text. */
async function minifyFile(file, module) {
  const path = join(dir, file);
  const source = readFileSync(path, "utf8");
  const out = await minify(source, { module, compress: true, mangle: true });
  if (typeof out.code !== "string" || out.code.length === 0) {
    console.error(`minify-js: terser returned nothing for ${file}`);
    process.exit(1);
  }
  writeFileSync(path, out.code);
  console.log(`minify-js: ${file} ${source.length} -> ${out.code.length} bytes`);
  return out.code;
}

for (const file of top.filter((f) => !html.includes(f))) await minifyFile(file, false);
for (const file of glue) {
  const code = await minifyFile(file, true);
  const integrity = "sha384-" + createHash("sha384").update(code, "utf8").digest("base64");
  // The tags that name the file and carry an integrity hash get the new hash.
  let swapped = 0;
  html = html.replace(/<link\b[^>]*>/g, (tag) => {
    if (!tag.includes(file) || !tag.includes("integrity=")) return tag;
    swapped += 1;
    return tag.replace(/integrity=("?)sha384-[A-Za-z0-9+/=]+\1/, `integrity="${integrity}"`);
  });
  if (html.includes("integrity=") && swapped === 0) {
    console.error(`minify-js: no integrity attribute names ${file}; refusing to leave a stale hash`);
    process.exit(1);
  }
}
writeFileSync(indexPath, html);
