// SPEC §13: initialize accepts zerocode's env map (and tui_id, tui_sig) and ignores it; neither env's
// keys nor its values are ever logged. The conformance suite cannot see the daemon's log, so this runs
// the real daemon on a real socket and searches every log line it wrote, at the most verbose level.
import { afterEach, describe, expect, it } from "vitest";
import { RawClient } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

let d: TestDaemon | undefined;
afterEach(async () => {
  await d?.stop();
  d = undefined;
});

describe("initialize with zerocode's env", () => {
  it("is accepted and never logs env's keys or values, not even when a later call fails", async () => {
    d = await startTestDaemon();
    const c = await RawClient.connect(d.endpoint);
    try {
      const env = { ZC_ENV_KEY_7d1f: "zc-env-value-93ab", PATH: "/zc-env-path-5c2e" };
      const init = await c.request("initialize", {
        protocol_version: 1,
        tui_id: "zc-tui-id-4e8a",
        tui_sig: "zc-tui-sig-1b6d",
        env,
      });
      // protocol_version alone: the zeroclaw dialect (SPEC §13).
      expect(init.result).toMatchObject({ protocol_version: 1, server_version: "0.8.4" });
      // A refused second initialize and a bad one exercise the error and warning paths too.
      expect((await c.request("initialize", { protocolVersion: 1, env })).error?.code).toBe(-32600);
      expect((await c.request("initialize", { protocolVersion: 2, env })).error?.code).toBe(-32600);
      expect((await c.request("status", {})).result).toBeDefined();
    } finally {
      c.socket.destroy();
    }
    const written = JSON.stringify(d.logs);
    expect(d.logs.length).toBeGreaterThan(0);
    for (const secret of ["ZC_ENV_KEY_7d1f", "zc-env-value-93ab", "/zc-env-path-5c2e"]) {
      expect(written).not.toContain(secret);
    }
  });
});
