import type { CaseNeeds } from "../cases/case.js";
import { DaemonLauncher, type DaemonProcess } from "./spawn.js";

type FreshNeeds = Extract<CaseNeeds, { kind: "fresh-daemon" }>;

/**
 * Daemons started with a case's own config.toml lines (spawn only). A case gets a new one, unless
 * it and the case before it are both `shared` with the same lines: generated cases (one per
 * method) then share a daemon instead of paying a start each.
 */
export class ConfiguredDaemon {
  private readonly launcher: DaemonLauncher;
  private current: { key: string; shared: boolean; daemon: DaemonProcess } | undefined;

  constructor(spawn: string, cwd: string) {
    this.launcher = new DaemonLauncher(spawn, cwd);
  }

  async daemonFor(needs: FreshNeeds): Promise<DaemonProcess> {
    const key = needs.configLines.join("\n");
    const reusable = this.current;
    if (reusable && needs.shared && reusable.shared && reusable.key === key && !reusable.daemon.hasExited)
      return reusable.daemon;
    await this.stop();
    const daemon = await this.launcher.start(await this.launcher.createSandbox(needs.configLines));
    this.current = { key, shared: needs.shared === true, daemon };
    return daemon;
  }

  /** Whether the daemon now running can serve a case with `needs` next (so it is kept running). */
  canServe(needs: CaseNeeds | undefined): boolean {
    const current = this.current;
    return (
      current?.shared === true &&
      needs?.kind === "fresh-daemon" &&
      needs.shared === true &&
      needs.configLines.join("\n") === current?.key
    );
  }

  async stop(): Promise<void> {
    this.current = undefined;
    await this.launcher.cleanup();
  }

  killNow(): void {
    this.launcher.killAllNow();
  }
}
