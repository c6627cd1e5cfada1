#!/usr/bin/env node
// `npm run install-cli`: puts `zeroclaw` on PATH, as root or as a normal user, with one command.
// `npm link` alone fails for a normal user with a system Node (EACCES on /usr/lib/node_modules), and
// its `--prefix` fallback is read as the project folder by npm 10+, so this script makes the link
// itself: a symlink to this checkout's bin/zeroclaw.js (a `git pull` and a build update it; `rm`
// undoes it) in npm's global bin folder when that is writable (where `npm link` would put it: /usr/bin
// for root, ~/.nvm/… under nvm), else in ~/.local/bin (made if missing), saying whether that folder is
// on PATH. It builds the checkout first when the sources changed since the last build.
import { spawnSync } from "node:child_process";
import {
  accessSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { homedir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const target = join(root, "bin", "zeroclaw.js");
const onPath = (process.env.PATH ?? "")
  .split(delimiter)
  .filter(Boolean)
  .map((d) => resolve(d));

/** Can this user make a file in dir (or make dir itself, below its nearest existing parent)? */
function writable(dir) {
  let at = dir;
  while (!existsSync(at)) {
    const up = dirname(at);
    if (up === at) return false;
    at = up;
  }
  try {
    accessSync(at, constants.W_OK | constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function npmGlobalBin() {
  const r = spawnSync("npm", ["prefix", "-g"], { encoding: "utf8", shell: process.platform === "win32" });
  const prefix = r.status === 0 ? r.stdout.trim() : "";
  if (!prefix) return undefined;
  return process.platform === "win32" ? prefix : join(prefix, "bin");
}

const build = spawnSync(process.execPath, [join(root, "scripts", "build-if-changed.mjs")], {
  stdio: "inherit",
});
if (build.status !== 0) process.exit(build.status ?? 1);

const npmBin = npmGlobalBin();
const dir = npmBin && writable(npmBin) ? npmBin : join(homedir(), ".local", "bin");
mkdirSync(dir, { recursive: true });
const link = join(dir, "zeroclaw");
try {
  if (!lstatSync(link).isSymbolicLink()) {
    process.stderr.write(`zeroclaw: ${link} exists and is not a link; left as it is, nothing installed\n`);
    process.exit(1);
  }
  if (resolve(dir, readlinkSync(link)) !== target)
    process.stderr.write(`zeroclaw: replacing the link ${link}\n`);
  rmSync(link);
} catch (err) {
  if (err.code !== "ENOENT") throw err;
}
symlinkSync(target, link);
process.stdout.write(`zeroclaw: ${link} → ${target}\n`);
if (onPath.includes(resolve(dir))) process.stdout.write("zeroclaw is on your PATH: try `zeroclaw --help`\n");
else
  process.stdout.write(
    `${dir} is not on your PATH yet: run\n  export PATH="${dir}:$PATH"\nand add that line to ~/.profile (or ~/.bashrc) to keep it\n`,
  );
