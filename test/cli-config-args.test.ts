// The small parsers behind issue 22's command line: VALUE as JSON else text, set-many's input forms,
// global options moved after the command, --gateway=HOST:PORT, and RPC errors as one line. Properties
// (fast-check) where the input is open-ended.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RpcError } from "../generated/errors.js";
import { parseSets, parseValue } from "../src/cli/config-command.js";
import { describeRpcError } from "../src/cli/daemon-client.js";
import { parseGatewayAddress } from "../src/cli/daemon-command.js";
import { CliError } from "../src/cli/exit-codes.js";
import { hoistGlobalOptions } from "../src/cli/global-options.js";
import { titleOf } from "../src/sessions/session-manager.js";

describe("config VALUE", () => {
  it("any JSON value comes back as itself; any text that is not JSON comes back as the text", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        // fc.jsonValue includes -0, which JSON text cannot tell from 0.
        expect(parseValue(JSON.stringify(v))).toEqual(JSON.parse(JSON.stringify(v)));
      }),
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        let isJson = true;
        try {
          JSON.parse(s);
        } catch {
          isJson = false;
        }
        if (!isJson) expect(parseValue(s)).toBe(s);
      }),
    );
    expect(parseValue("Be brief")).toBe("Be brief");
    expect(parseValue("1e400")).toBe("1e400"); // not JSON's: Infinity would become null
  });

  it("set-many: PROP=VALUE pairs (the first = splits), JSON in three shapes, and stdin", () => {
    expect(parseSets(["a.b=1", "c.d=x=y", 'e.f=["z"]'])).toEqual([
      { prop: "a.b", value: 1 },
      { prop: "c.d", value: "x=y" },
      { prop: "e.f", value: ["z"] },
    ]);
    const sets = [{ prop: "a.b", value: true }];
    expect(parseSets([JSON.stringify({ sets })])).toEqual(sets);
    expect(parseSets([JSON.stringify(sets)])).toEqual(sets);
    expect(parseSets(['{"a.b": true}'])).toEqual(sets);
    expect(parseSets(["-"], () => "# a comment\n\na.b=true\r\n")).toEqual(sets);
    expect(parseSets(["-"], () => JSON.stringify({ sets }))).toEqual(sets);
    for (const bad of [["=1"], ["nothing"], ["{not json"], ['[{"prop":1}]']])
      expect(() => parseSets(bad), bad.join(" ")).toThrow(CliError);
  });
});

describe("global options", () => {
  it("--config-dir before the command is moved after it; everything else is left alone", () => {
    expect(hoistGlobalOptions(["--config-dir", "/d", "call", "status"])).toEqual([
      "call",
      "--config-dir",
      "/d",
      "status",
    ]);
    expect(hoistGlobalOptions(["--config-dir=/d", "sessions"])).toEqual(["sessions", "--config-dir=/d"]);
    expect(hoistGlobalOptions(["call", "status", "--config-dir", "/d"])).toEqual([
      "call",
      "status",
      "--config-dir",
      "/d",
    ]);
    expect(hoistGlobalOptions(["--version"])).toEqual(["--version"]);
    expect(() => hoistGlobalOptions(["--config-dir"])).toThrow(CliError);
  });
});

describe("--gateway=HOST:PORT", () => {
  it("takes HOST:PORT, :PORT, PORT, HOST: and [IPv6]:PORT; refuses the rest", () => {
    expect(parseGatewayAddress("127.0.0.1:8080")).toEqual({ host: "127.0.0.1", port: 8080 });
    expect(parseGatewayAddress(":0")).toEqual({ port: 0 });
    expect(parseGatewayAddress("9000")).toEqual({ port: 9000 });
    expect(parseGatewayAddress("0.0.0.0:")).toEqual({ host: "0.0.0.0" });
    expect(parseGatewayAddress("[::1]:8080")).toEqual({ host: "::1", port: 8080 });
    for (const bad of [":", "", "host:65536", "a:b:c", "h:-1", "[::1"])
      expect(() => parseGatewayAddress(bad), bad).toThrow(CliError);
  });
});

describe("errors on one line", () => {
  it("message, parameter errors, code, reason and figures; never a newline", () => {
    const e = new RpcError(-32602, "Invalid config entry", {
      reason: "invalid_entry",
      index: 0,
      prop: "sessions.max_live",
      errors: [{ path: "/sessions/max_live", message: "must be integer" }],
    });
    expect(describeRpcError(e)).toBe(
      "Invalid config entry for sessions.max_live: /sessions/max_live must be integer (-32602 invalid_entry; index=0)",
    );
    fc.assert(
      fc.property(fc.string(), fc.dictionary(fc.string(), fc.jsonValue()), (message, data) => {
        expect(describeRpcError(new RpcError(-32000, message, data))).not.toMatch(/\n/);
      }),
    );
  });
});

describe("session titles", () => {
  it("the first non-blank line of the first prompt, whitespace folded, at most 200 characters", () => {
    expect(titleOf("\n  fix the   build\nthen test")).toBe("fix the build");
    expect(Array.from(titleOf("é".repeat(500)))).toHaveLength(200);
    expect(titleOf("é".repeat(500)).endsWith("…")).toBe(true);
  });
});
