// SPEC §1: config dir, data dir and endpoint resolution.
import { createHash } from "node:crypto";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

export type DaemonPaths = { configDir: string; dataDir: string; endpoint: string };

export function resolvePaths(configDirFlag?: string, env: NodeJS.ProcessEnv = process.env): DaemonPaths {
  const configDir = resolve(
    configDirFlag ?? nonEmpty(env.ZEROCLAW_CONFIG_DIR) ?? join(homedir(), ".zeroclaw"),
  );
  const dataDir = resolve(nonEmpty(env.ZEROCLAW_DATA_DIR) ?? join(configDir, "data"));
  const endpoint = nonEmpty(env.ZEROCLAW_SOCKET) ?? defaultEndpoint(dataDir);
  return { configDir, dataDir, endpoint: isNamedPipe(endpoint) ? endpoint : resolve(endpoint) };
}

export function defaultEndpoint(dataDir: string, platform = process.platform): string {
  if (platform === "win32") {
    const hash = createHash("sha256").update(dataDir).digest("hex").slice(0, 16);
    return `\\\\.\\pipe\\zeroclaw-${hash}`;
  }
  return join(dataDir, "daemon.sock");
}

export const isNamedPipe = (endpoint: string): boolean => endpoint.startsWith("\\\\.\\pipe\\");

const nonEmpty = (v: string | undefined): string | undefined => (v === undefined || v === "" ? undefined : v);
