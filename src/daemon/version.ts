import pkg from "../../package.json" with { type: "json" };

/** The daemon's semver, reported as initialize's serverVersion and status.server_version. */
export const SERVER_VERSION: string = pkg.version;
