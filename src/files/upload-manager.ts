// Staged chunked uploads (SPEC §9): bound to the connection that began them and to one live session
// generation, limited per connection and by one byte budget across all connections that counts each
// upload's payload and its retained metadata. Staged bytes stay in memory until commit: nothing is
// written into a workspace before then.
import { randomBytes } from "node:crypto";
import type { EffectiveFilesConfig } from "../../generated/effective-config.js";
import { rpcErrors } from "../../generated/errors.js";

export type Upload = {
  readonly id: string;
  readonly connectionId: number;
  readonly sessionId: string;
  readonly sessionGeneration: number;
  readonly owner: string;
  readonly agent: string;
  readonly filename: string;
  readonly sha256: string | undefined;
  readonly size: number;
  /** Allocated at the first chunk, so an empty or silent upload costs only its reservation. */
  buffer: Buffer | undefined;
  received: number;
  lastActivity: number;
  /** What this upload holds of the budget: its declared size plus its metadata. */
  readonly reserved: number;
};

/** Per-upload bookkeeping charged to the budget on top of the strings it keeps. */
const METADATA_OVERHEAD = 256;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const FILENAME_MAX_BYTES = 255;

export class UploadManager {
  private readonly uploads = new Map<string, Upload>();
  private reservedTotal = 0;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly settings: () => EffectiveFilesConfig,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  /** Starts discarding idle uploads in the background (even on open connections). */
  startSweeping(): void {
    const every = Math.max(1000, Math.min(30_000, this.settings().upload_idle_timeout_ms));
    this.sweeper = setInterval(() => this.reclaimIdle(), every);
    this.sweeper.unref();
  }

  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.uploads.clear();
    this.reservedTotal = 0;
  }

  get stagedBytes(): number {
    return this.reservedTotal;
  }

  /** Checks that do not depend on the session (size, filename), so they fail before anything else. */
  checkShape(size: number, filename: string | undefined): void {
    const { max_file_bytes } = this.settings();
    if (size > max_file_bytes)
      throw rpcErrors.fileTooLarge({ limit_bytes: max_file_bytes, size_bytes: size });
    if (filename !== undefined && Buffer.byteLength(filename) > FILENAME_MAX_BYTES) {
      throw rpcErrors.filenameTooLong({ limit_bytes: FILENAME_MAX_BYTES });
    }
  }

  begin(spec: Omit<Upload, "id" | "buffer" | "received" | "lastActivity" | "reserved">): Upload {
    const s = this.settings();
    this.checkShape(spec.size, spec.filename);
    const mine = [...this.uploads.values()].filter((u) => u.connectionId === spec.connectionId).length;
    if (mine >= s.max_uploads_per_connection)
      throw rpcErrors.connectionUploads({ limit: s.max_uploads_per_connection });
    const reserved =
      spec.size +
      METADATA_OVERHEAD +
      Buffer.byteLength(spec.sessionId) +
      Buffer.byteLength(spec.owner) +
      Buffer.byteLength(spec.agent) +
      Buffer.byteLength(spec.filename) +
      (spec.sha256?.length ?? 0);
    if (this.reservedTotal + reserved > s.upload_budget_bytes) {
      this.reclaimIdle();
      if (this.reservedTotal + reserved > s.upload_budget_bytes)
        throw rpcErrors.budget({ limit_bytes: s.upload_budget_bytes });
    }
    // Random ids: a client retrying an id from before a daemon restart must get "not found", never
    // land in someone's new upload.
    const upload: Upload = {
      ...spec,
      id: `up_${randomBytes(12).toString("hex")}`,
      buffer: undefined,
      received: 0,
      lastActivity: this.clock(),
      reserved,
    };
    this.uploads.set(upload.id, upload);
    this.reservedTotal += reserved;
    return upload;
  }

  /** The upload, if it exists and belongs to this connection (another connection's id is "not found"). */
  get(connectionId: number, uploadId: string): Upload {
    const u = this.uploads.get(uploadId);
    if (!u || u.connectionId !== connectionId) throw rpcErrors.uploadNotFound({ upload_id: uploadId });
    // Expired is expired, whether or not the background sweep has come round yet.
    if (u.lastActivity <= this.clock() - this.settings().upload_idle_timeout_ms) {
      this.release(u.id);
      throw rpcErrors.uploadNotFound({ upload_id: uploadId });
    }
    return u;
  }

  chunk(connectionId: number, uploadId: string, offset: number, dataB64: string): number {
    const u = this.get(connectionId, uploadId);
    const { chunk_bytes } = this.settings();
    if (dataB64.length % 4 !== 0 || !BASE64.test(dataB64)) {
      throw rpcErrors.invalidParams({ errors: [{ path: "/data_b64", message: "not valid base64" }] });
    }
    if ((dataB64.length / 4) * 3 - 2 > chunk_bytes)
      throw rpcErrors.chunkTooLarge({ limit_bytes: chunk_bytes });
    const data = Buffer.from(dataB64, "base64");
    if (data.length > chunk_bytes) throw rpcErrors.chunkTooLarge({ limit_bytes: chunk_bytes });
    // An accepted chunk sent again with the same bytes is acknowledged unchanged (a retry after a lost
    // response); anything else off the current offset is refused without touching the upload.
    if (offset !== u.received) {
      const resent =
        offset + data.length <= u.received && u.buffer?.subarray(offset, offset + data.length).equals(data);
      if (resent) {
        u.lastActivity = this.clock();
        return u.received;
      }
      throw rpcErrors.offsetMismatch({ expected_offset: u.received });
    }
    if (u.received + data.length > u.size) throw rpcErrors.exceedsDeclaredSize({ size_bytes: u.size });
    u.buffer ??= Buffer.alloc(u.size);
    data.copy(u.buffer, u.received);
    u.received += data.length;
    u.lastActivity = this.clock();
    return u.received;
  }

  /** Frees an upload's slot and budget (after a commit, or when discarded). */
  release(uploadId: string): void {
    const u = this.uploads.get(uploadId);
    if (!u) return;
    this.uploads.delete(uploadId);
    this.reservedTotal -= u.reserved;
  }

  /** The connection closed: its uploads die with it. */
  discardConnection(connectionId: number): void {
    for (const u of [...this.uploads.values()]) if (u.connectionId === connectionId) this.release(u.id);
  }

  /** Discards every upload idle past the deadline; returns how many. */
  reclaimIdle(): number {
    const deadline = this.clock() - this.settings().upload_idle_timeout_ms;
    let n = 0;
    for (const u of [...this.uploads.values()]) {
      if (u.lastActivity <= deadline) {
        this.release(u.id);
        n++;
      }
    }
    return n;
  }
}
