// The `zeroclaw-rpc/client` runtime's small pieces that the scenario (test/clients-scenario.test.ts)
// does not isolate: the §1 default endpoint, and wire errors turned into their declared classes.
import { describe, expect, it } from "vitest";
import { RpcError } from "../generated/errors.js";
import {
  defaultSocketPath,
  InvalidParamsError,
  SessionNotFoundError,
  VersionMismatchError,
  ZeroclawError,
} from "../src/client/index.js";
import { toTypedError } from "../src/client/typed-errors.js";

describe("zeroclaw-rpc/client runtime", () => {
  it("uses ZEROCLAW_SOCKET, else <data dir>/daemon.sock (SPEC §1)", () => {
    expect(defaultSocketPath({ ZEROCLAW_SOCKET: "/run/zc.sock" })).toBe("/run/zc.sock");
    expect(defaultSocketPath({ ZEROCLAW_DATA_DIR: "/var/zc" })).toBe("/var/zc/daemon.sock");
    expect(defaultSocketPath({ ZEROCLAW_CONFIG_DIR: "/etc/zc" })).toBe("/etc/zc/data/daemon.sock");
  });

  it("turns each declared code into its class, with the data as sent", () => {
    const data = { reason: "version_mismatch", requested: 2, supported: [1] };
    const e = toTypedError(new RpcError(-32011, "Protocol version not supported", data));
    expect(e).toBeInstanceOf(VersionMismatchError);
    expect(e).toBeInstanceOf(ZeroclawError);
    expect(e).toBeInstanceOf(RpcError);
    expect(e).toMatchObject({ code: -32011, message: "Protocol version not supported", data });
    expect(toTypedError(new RpcError(-32602, "x", { reason: "invalid_entry" }))).toBeInstanceOf(
      InvalidParamsError,
    );
    expect(toTypedError(new RpcError(-32000, "x", { reason: "session_not_found" }))).toBeInstanceOf(
      SessionNotFoundError,
    );
  });

  it("leaves an undeclared code a plain RpcError, and anything else as it is", () => {
    const unknown = new RpcError(-32099, "new in a later daemon");
    expect(toTypedError(unknown)).toBe(unknown);
    const other = new Error("socket closed");
    expect(toTypedError(other)).toBe(other);
  });
});
