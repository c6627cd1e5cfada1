// The conformance suite as an outsider gets it: `npm pack` in conformance/ (its prepack bundles it),
// then `npm install ./zeroclaw-conformance-*.tgz` in an empty temp dir, offline. Returns the path of
// the installed bin. Used by scripts/run-tests.mjs for the certification runs.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export function installPackedSuite() {
  const root = mkdtempSync(join(tmpdir(), "zc-packed-conformance-"));
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const packed = execFileSync(npm, ["pack", "--silent", "--pack-destination", root], {
    cwd: resolve("conformance"),
    encoding: "utf8",
  })
    .trim()
    .split("\n")
    .pop();
  const install = join(root, "install");
  mkdirSync(install);
  execFileSync(npm, ["install", "--silent", "--offline", "--no-audit", "--no-fund", join(root, packed)], {
    cwd: install,
    stdio: ["ignore", "ignore", "inherit"],
  });
  return {
    root,
    install,
    tarball: join(root, packed),
    bin: join(install, "node_modules", ".bin", "zeroclaw-conformance"),
  };
}
