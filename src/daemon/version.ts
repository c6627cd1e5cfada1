import type { Implementation } from "../../generated/types.js";
import pkg from "../../package.json" with { type: "json" };

/** The daemon's semver, reported as initialize's serverVersion and status.server_version. */
export const SERVER_VERSION: string = pkg.version;

/** What is really running (initialize's `implementation`, SPEC §13), whatever version a dialect reports. */
export const IMPLEMENTATION: Implementation = { name: pkg.name, version: pkg.version };
