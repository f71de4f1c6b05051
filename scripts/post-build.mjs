// Trunk post_build hook. Trunk starts the hooks of one stage at the same time, and both steps
// below rewrite index.html, so they run here one after the other: first the JS glue is
// minified and its integrity hash updated (minify-js.mjs), then the Content-Security-Policy
// is added (csp.mjs).
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

for (const step of ["minify-js.mjs", "csp.mjs"]) {
  const script = fileURLToPath(new URL(step, import.meta.url));
  execFileSync(process.execPath, [script, ...process.argv.slice(2)], { stdio: "inherit" });
}
