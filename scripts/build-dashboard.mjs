// npm run build, last step: the gateway's dashboard page (dashboard/) into dist/dashboard/, which
// src/daemon/dashboard-assets.ts serves at GET /. One minified ES module (Preact and the generated
// client bundled in: nothing is fetched from anywhere at run time), the stylesheet, the HTML shell
// and the icon. No inline script anywhere, so the page runs under the gateway's strict CSP.
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "dist", "dashboard");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

await build({
  entryPoints: [join(root, "dashboard", "src", "main.tsx")],
  outfile: join(out, "app.js"),
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  jsx: "automatic",
  jsxImportSource: "preact",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
});
for (const file of ["index.html", "app.css", "favicon.svg"])
  copyFileSync(join(root, "dashboard", file), join(out, file));
