import { DaemonLauncher, type DaemonProcess } from "./spawn.js";

/** The daemon all "running-daemon" cases share: --socket, or one spawned lazily and restarted if it dies. */
export class SharedDaemon {
  private readonly launcher: DaemonLauncher | undefined;
  private daemon: DaemonProcess | undefined;
  private startFailure: Error | undefined;

  constructor(
    private readonly socket: string | undefined,
    spawn: string | undefined,
    cwd: string,
  ) {
    this.launcher = spawn === undefined ? undefined : new DaemonLauncher(spawn, cwd);
  }

  /** True when the shared daemon is someone else's (--socket): the run must leave it as it found it. */
  get isForeign(): boolean {
    return this.socket !== undefined;
  }

  get process(): DaemonProcess | undefined {
    return this.daemon;
  }

  async socketPath(): Promise<string> {
    if (this.socket !== undefined) return this.socket;
    if (!this.launcher) throw new Error("neither --socket nor --spawn given");
    if (this.startFailure) throw this.startFailure;
    if (!this.daemon || this.daemon.hasExited) {
      await this.launcher.cleanup();
      try {
        this.daemon = await this.launcher.start(await this.launcher.createSandbox());
      } catch (error) {
        this.startFailure = error as Error;
        throw error;
      }
    }
    return this.daemon.sandbox.socketPath;
  }

  async stop(): Promise<void> {
    this.daemon = undefined;
    await this.launcher?.cleanup();
  }

  killNow(): void {
    this.launcher?.killAllNow();
  }
}
