// Cargo as every Rust test runs it: offline, the crates from Debian's packaged registry
// (clients/cargo-offline.toml passed with --config, so no package needs a .cargo/config.toml of its
// own), and one target dir for every build (clients/rust/target), so the dependencies (ureq and
// rustls among them) compile once for clients/rust, the corpus and the round-trip packages alike.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { REPO_ROOT, type RunResult, run } from "./proc-daemon.js";

export const CARGO_CONFIG = join(REPO_ROOT, "clients", "cargo-offline.toml");
export const CARGO_TARGET_DIR = join(REPO_ROOT, "clients", "rust", "target");

const works = (command: string, args: string[]): boolean => {
  const probe = spawnSync(command, args, { stdio: "ignore" });
  return !probe.error && probe.status === 0;
};
export const hasCargo = (): boolean => works("cargo", ["--version"]);
export const hasClippy = (): boolean => works("cargo", ["clippy", "--version"]);
export const hasRustfmt = (): boolean => works("rustfmt", ["--version"]);

/** `cargo SUBCOMMAND --offline --config clients/cargo-offline.toml ARGS…` in `cwd`, on the shared target dir. */
export function cargo(args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<RunResult> {
  const [sub = "build", ...rest] = args;
  return run(
    "cargo",
    [sub, "--offline", "--config", CARGO_CONFIG, ...rest],
    {
      CARGO_TARGET_DIR,
      ...env,
    },
    { cwd },
  );
}
