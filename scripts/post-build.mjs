// Trunk post_build hook. Trunk starts the hooks of one stage at the same time, and both steps
// below rewrite index.html, so they run here one after the other: first the JS glue is
// minified and its integrity hash updated (minify-js.mjs), then the Content-Security-Policy
// is added (csp.mjs). Last, index.html is copied to embed.html, the widget route: the same
// app, which sees its path and shows one page as a widget (crates/model/src/state/embed/mod.rs).
import { execFileSync } from "node:child_process";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

for (const step of ["minify-js.mjs", "csp.mjs"]) {
  const script = fileURLToPath(new URL(step, import.meta.url));
  execFileSync(process.execPath, [script, ...process.argv.slice(2)], { stdio: "inherit" });
}
const dir = process.env.TRUNK_STAGING_DIR ?? process.argv[2];
copyFileSync(join(dir, "index.html"), join(dir, "embed.html"));
