// `health` (SPEC §13): the state of the daemon's parts and a sample of its process. Components are set
// where they change (a listener listening, the gateway starting) and storage is probed on every call,
// so the answer is what is true now, not what was true at start-up.
import { availableParallelism, totalmem } from "node:os";
import type { HealthComponent, HealthProcess, HealthResult, HealthStatus } from "../../generated/types.js";

export class HealthMonitor {
  private readonly components = new Map<string, HealthComponent>();
  private readonly startedAt = performance.now();
  /** The previous CPU sample: cpu_percent is the use between two health calls. */
  private lastCpu: { usage: NodeJS.CpuUsage; at: number } | undefined;

  constructor(
    /** Runs a trivial query on the database; throws when storage cannot answer. */
    private readonly probeStorage: () => void,
  ) {}

  starting(name: string): void {
    this.set(name, "starting", undefined);
  }

  ok(name: string): void {
    this.set(name, "ok", undefined);
  }

  failed(name: string, error: unknown): void {
    this.set(name, "error", error instanceof Error ? error.message : String(error));
  }

  /** A component that stopped running (the gateway closing) is no longer reported. */
  gone(name: string): void {
    this.components.delete(name);
  }

  snapshot(): HealthResult {
    try {
      this.probeStorage();
      this.ok("storage");
    } catch (err) {
      this.failed("storage", err);
    }
    return {
      pid: process.pid,
      updated_at: new Date().toISOString(),
      uptime_seconds: Math.floor((performance.now() - this.startedAt) / 1000),
      components: Object.fromEntries([...this.components].map(([name, c]) => [name, { ...c }])),
      process: this.sampleProcess(),
    };
  }

  private set(name: string, status: HealthStatus, error: string | undefined): void {
    const now = new Date().toISOString();
    const prev = this.components.get(name);
    this.components.set(name, {
      status,
      updated_at: now,
      last_ok: status === "ok" ? now : (prev?.last_ok ?? null),
      // Cleared once it works again; kept while it is starting over.
      last_error: status === "error" ? (error ?? null) : status === "ok" ? null : (prev?.last_error ?? null),
      restart_count: (prev?.restart_count ?? 0) + (prev && status === "starting" ? 1 : 0),
    });
  }

  private sampleProcess(): HealthProcess {
    const usage = process.cpuUsage();
    const at = performance.now();
    let cpu: number | null = null;
    if (this.lastCpu !== undefined && at > this.lastCpu.at) {
      const usedUs = usage.user - this.lastCpu.usage.user + (usage.system - this.lastCpu.usage.system);
      cpu = Math.round((usedUs / 1000 / (at - this.lastCpu.at)) * 1000) / 10;
    }
    this.lastCpu = { usage, at };
    return {
      rss_bytes: process.memoryUsage.rss(),
      cpu_percent: cpu,
      num_cpus: availableParallelism(),
      system_ram_total_bytes: totalmem(),
    };
  }
}
