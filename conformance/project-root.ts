import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_NAME = "zeroclaw-rpc";

/**
 * The directory holding openrpc.json and conformance/fixtures/. Found by
 * walking up from this module, because it runs both from conformance/ (tsx)
 * and from dist/conformance/ (compiled), and the .io fixtures are not copied.
 * tsc does copy package.json into dist/ (resolveJsonModule), so the name alone
 * would stop one level too early: the fixtures must be there too.
 */
export function findProjectRoot(moduleUrl: string = import.meta.url): string {
  let directory = dirname(fileURLToPath(moduleUrl));
  for (;;) {
    if (
      readPackageName(join(directory, "package.json")) === PACKAGE_NAME &&
      existsSync(join(directory, "conformance", "fixtures"))
    ) {
      return directory;
    }
    const parent = dirname(directory);
    if (parent === directory) {
      throw new Error(
        `no ${PACKAGE_NAME} checkout with conformance/fixtures above ${fileURLToPath(moduleUrl)}`,
      );
    }
    directory = parent;
  }
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
