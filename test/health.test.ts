// `health` (SPEC §13): real component states. HealthMonitor's transitions (starting → ok → error → ok,
// restarts counted, last_ok kept, last_error cleared once it works again), storage probed on every
// call, cpu_percent null on the first sample; and the daemon's own components over the wire, gateway
// included while it runs. Shapes are checked with the generated validator.
import { afterEach, describe, expect, it } from "vitest";
import * as V from "../generated/validators.js";
import { HealthMonitor } from "../src/daemon/health-monitor.js";
import { RawClient } from "./helpers/raw-client.js";
import { startTestDaemon, type TestDaemon } from "./helpers/test-daemon.js";

describe("HealthMonitor", () => {
  it("reports a storage probe that throws as error, and ok again once it answers", () => {
    let broken = false;
    const monitor = new HealthMonitor(() => {
      if (broken) throw new Error("database is locked");
    });
    expect(monitor.snapshot().components.storage).toMatchObject({ status: "ok", last_error: null });
    const firstOk = monitor.snapshot().components.storage!.last_ok;
    broken = true;
    const failed = monitor.snapshot().components.storage!;
    expect(failed).toMatchObject({ status: "error", last_error: "database is locked" });
    expect(failed.last_ok).not.toBeNull();
    expect(Date.parse(failed.last_ok!)).toBeGreaterThanOrEqual(Date.parse(firstOk!));
    broken = false;
    expect(monitor.snapshot().components.storage).toMatchObject({ status: "ok", last_error: null });
  });

  it("tracks starting, ok, failed and gone, and counts a start after the first as a restart", () => {
    const monitor = new HealthMonitor(() => {});
    monitor.starting("gateway");
    expect(monitor.snapshot().components.gateway).toMatchObject({
      status: "starting",
      last_ok: null,
      restart_count: 0,
    });
    monitor.ok("gateway");
    monitor.failed("gateway", new Error("EADDRINUSE"));
    monitor.starting("gateway");
    const c = monitor.snapshot().components.gateway!;
    expect(c).toMatchObject({ status: "starting", last_error: "EADDRINUSE", restart_count: 1 });
    expect(c.last_ok).not.toBeNull();
    monitor.gone("gateway");
    expect(monitor.snapshot().components.gateway).toBeUndefined();
  });

  it("samples the process: cpu_percent null first, then a number; the snapshot is a valid HealthResult", () => {
    const monitor = new HealthMonitor(() => {});
    const first = monitor.snapshot();
    expect(V.HealthResult(first)).toBe(true);
    expect(first.process.cpu_percent).toBeNull();
    for (let i = 0; i < 2e6; i++) Math.sqrt(i); // some CPU between the two samples
    const second = monitor.snapshot();
    expect(typeof second.process.cpu_percent).toBe("number");
    expect(second.process.num_cpus).toBeGreaterThan(0);
    expect(second.pid).toBe(process.pid);
    expect(second.process.rss_bytes).toBeGreaterThan(0);
  });
});

let d: TestDaemon | undefined;
afterEach(async () => {
  await d?.stop();
  d = undefined;
});

describe("the health method", () => {
  it("answers rpc and storage ok, and gateway ok while it runs, in both dialects", async () => {
    d = await startTestDaemon("[gateway]\nenabled = true\nport = 0\n");
    for (const init of [{ protocolVersion: 1 }, { protocol_version: 1 }]) {
      const c = await RawClient.connect(d.endpoint);
      await c.request("initialize", init);
      const h = (await c.request("health")).result;
      c.close();
      expect(V.HealthResult(h)).toBe(true);
      expect(h).toMatchObject({
        pid: process.pid,
        components: { rpc: { status: "ok" }, storage: { status: "ok" }, gateway: { status: "ok" } },
      });
    }
  });

  it("has no gateway component when the gateway does not run", async () => {
    d = await startTestDaemon();
    const c = await RawClient.connect(d.endpoint);
    await c.request("initialize", { protocolVersion: 1 });
    const h = (await c.request("health")).result as { components: Record<string, unknown> };
    c.close();
    expect(Object.keys(h.components).sort()).toEqual(["rpc", "storage"]);
  });
});
