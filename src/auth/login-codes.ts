// One-time dashboard login codes (SPEC §18): the owner at the daemon's machine asks for one over the
// local socket (dashboard/login), opens the URL carrying it, and the page's gateway connection signs in
// with it as that same caller. A code is random (256 bits), kept only as its hash, single use, and
// valid for gateway.login_code_ttl_ms. The connection gets the minting connection's credential, not a
// frozen principal, so its rights follow policy changes exactly like the caller's own.
import { createHash, randomBytes } from "node:crypto";
import type { Credential } from "./credentials.js";

type Entry = { credential: Credential; expiresAt: number };

const hash = (code: string): string => createHash("sha256").update(code).digest("base64url");

export class LoginCodes {
  private readonly codes = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A new code for `credential`, valid for `ttlMs`. */
  mint(credential: Credential, ttlMs: number): { code: string; expiresAt: number } {
    this.prune();
    const code = `zcl_${randomBytes(32).toString("base64url")}`;
    const expiresAt = this.now() + ttlMs;
    this.codes.set(hash(code), { credential, expiresAt });
    return { code, expiresAt };
  }

  /** The credential a code was minted for, once: the code is gone afterwards. Undefined if unknown or expired. */
  redeem(code: string): Credential | undefined {
    const key = hash(code);
    const entry = this.codes.get(key);
    if (!entry) return undefined;
    this.codes.delete(key);
    return entry.expiresAt > this.now() ? entry.credential : undefined;
  }

  /** Codes still outstanding (tests). */
  get size(): number {
    this.prune();
    return this.codes.size;
  }

  /** Expired codes are dropped whenever a new one is minted, so the map holds only live ones. */
  private prune(): void {
    const now = this.now();
    for (const [key, entry] of this.codes) if (entry.expiresAt <= now) this.codes.delete(key);
  }
}
