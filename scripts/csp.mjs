// Trunk post_build hook: adds a Content-Security-Policy to the built index.html that allows the
// app and nothing else: scripts only from this origin plus the inline module script Trunk writes
// to start the app (by its SHA-256, computed here because its text names the hashed file
// names), WebAssembly compilation, styles, images and connections from this origin, no plugins,
// no <base>, no form targets. Its text is also written to csp.txt in the same folder so a test
// can read it.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.env.TRUNK_STAGING_DIR ?? process.argv[2];
if (!dir) {
  console.error("csp: set TRUNK_STAGING_DIR or pass the folder holding index.html");
  process.exit(1);
}
const path = join(dir, "index.html");
let html = readFileSync(path, "utf8");
if (html.includes('http-equiv="Content-Security-Policy"')) process.exit(0);
const hashes = [];
for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
  hashes.push(`'sha256-${createHash("sha256").update(match[1], "utf8").digest("base64")}'`);
}
const policy = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(" ")}`.trim(),
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");
const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
// before any script: right after the charset declaration, which must stay first
const charset = html.match(/<meta charset=[^>]*>/i);
if (!charset) {
  console.error("csp: no <meta charset> in index.html");
  process.exit(1);
}
html = html.replace(charset[0], charset[0] + meta);
writeFileSync(path, html);
writeFileSync(join(dir, "csp.txt"), policy + "\n");
console.log(`csp: ${hashes.length} inline script(s) allowed by hash`);
