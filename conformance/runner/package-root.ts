import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const PACKAGE_NAME = "zeroclaw-conformance";

/**
 * The zeroclaw-conformance package directory: the one holding its package.json,
 * fixtures/ and its copy of openrpc.json. Found by walking up from this module,
 * because the code runs from three places: conformance/*.ts (tsx), the
 * package's own bundle conformance/dist/cli.js (also what `npm pack` ships),
 * and the daemon's compiled tree (dist/conformance/ or a chunk of
 * dist/bundle/, for `zeroclaw conformance`), where the package sits in a
 * `conformance/` directory beside an ancestor.
 */
export function findPackageRoot(moduleUrl: string = import.meta.url): string {
  let directory = dirname(fileURLToPath(moduleUrl));
  for (;;) {
    for (const candidate of [directory, join(directory, "conformance")]) {
      if (isPackageRoot(candidate)) return candidate;
    }
    const parent = dirname(directory);
    if (parent === directory) {
      throw new Error(
        `no ${PACKAGE_NAME} package (package.json and fixtures/) above ${fileURLToPath(moduleUrl)}`,
      );
    }
    directory = parent;
  }
}

function isPackageRoot(directory: string): boolean {
  return (
    readPackageName(join(directory, "package.json")) === PACKAGE_NAME &&
    existsSync(join(directory, "fixtures"))
  );
}

function readPackageName(path: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
    return typeof parsed === "object" &&
      parsed !== null &&
      "name" in parsed &&
      typeof parsed.name === "string"
      ? parsed.name
      : undefined;
  } catch {
    return undefined;
  }
}

/** The package's version, for reports. */
export function packageVersion(root: string): string {
  try {
    const parsed = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version?: unknown };
    return typeof parsed.version === "string" ? parsed.version : "0.0.0";
  } catch {
    return "0.0.0";
  }
}
