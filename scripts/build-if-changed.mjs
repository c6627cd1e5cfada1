#!/usr/bin/env node
// `npm run daemon`'s first step: runs `npm run build` only when what the build reads changed since the
// last build, so a second start listens in a second or two instead of rebuilding for ~40 s. The
// sources' fingerprint (every file's path and content under the build's inputs, plus package.json and
// the tsconfigs) is written to dist/.build-stamp after a successful build; `npm run build` run by hand
// writes it too (scripts/write-build-stamp.mjs), so either way the next start knows.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fingerprint, STAMP } from "./build-fingerprint.mjs";

const now = fingerprint();
const before = existsSync(STAMP) ? readFileSync(STAMP, "utf8").trim() : "";
if (before === now) process.exit(0);
process.stderr.write(
  before === ""
    ? "building zeroclaw (first start, ~40 s)…\n"
    : "sources changed since the last build: rebuilding (~40 s)…\n",
);
const r = spawnSync("npm", ["run", "-s", "build"], { stdio: "inherit", shell: process.platform === "win32" });
process.exit(r.status ?? 1);
