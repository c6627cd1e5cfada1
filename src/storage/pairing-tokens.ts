// Pairing tokens for gateway peers (SPEC §4, §5 pairing/*). Only sha256(token) is ever written: the token
// itself leaves the daemon once, in the `pairing/create` result.
import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Storage } from "./database.js";
import { pairingTokens } from "./schema.js";

export type CreatedPairingToken = { token_id: string; token: string; created_at: string };
export type PairingTokenInfo = { token_id: string; user: string; label: string | null; created_at: string };
export type ActivePairingToken = { token_id: string; user: string; token_hash: string };

export const TOKEN_PREFIX = "zc_";
export const TOKEN_ID_PREFIX = "tok_";

/** Lower-case hex sha256, the form stored in `pairing_tokens.token_hash`. */
export const hashToken = (token: string): string => createHash("sha256").update(token, "utf8").digest("hex");

const active = isNull(pairingTokens.revokedAt);
// Tokens created within one millisecond share `created_at`; the implicit rowid grows with every insert,
// so it keeps "oldest first" stable where the clock cannot.
const oldestFirst = [asc(pairingTokens.createdAt), asc(sql`rowid`)] as const;

export class PairingTokenStore {
  constructor(private readonly storage: Storage) {}

  create(user: string, label?: string): CreatedPairingToken {
    // 256 random bits: unguessable, so a plain digest is enough and lookups stay an indexed equality.
    const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
    const row = {
      tokenId: TOKEN_ID_PREFIX + randomBytes(8).toString("hex"),
      user,
      label: label ?? null,
      tokenHash: hashToken(token),
      createdAt: new Date().toISOString(),
    };
    this.storage.db.insert(pairingTokens).values(row).run();
    return { token_id: row.tokenId, token, created_at: row.createdAt };
  }

  /** False when the id is unknown or already revoked, so a repeated revoke cannot move `revoked_at`. */
  revoke(tokenId: string): boolean {
    const result = this.storage.db
      .update(pairingTokens)
      .set({ revokedAt: new Date().toISOString() })
      .where(and(eq(pairingTokens.tokenId, tokenId), active))
      .run();
    return result.changes > 0;
  }

  list(): PairingTokenInfo[] {
    return this.storage.db
      .select({
        token_id: pairingTokens.tokenId,
        user: pairingTokens.user,
        label: pairingTokens.label,
        created_at: pairingTokens.createdAt,
      })
      .from(pairingTokens)
      .where(active)
      .orderBy(...oldestFirst)
      .all();
  }

  /**
   * The lookup compares digests, never the presented secret, so its timing reveals nothing useful about
   * any stored token.
   */
  findActive(token: string): { token_id: string; user: string } | undefined {
    return this.storage.db
      .select({ token_id: pairingTokens.tokenId, user: pairingTokens.user })
      .from(pairingTokens)
      .where(and(eq(pairingTokens.tokenHash, hashToken(token)), active))
      .get();
  }

  /** Asked on every call of a gateway connection, so a revocation takes effect at its next call (SPEC §4). */
  isActive(tokenId: string): boolean {
    const row = this.storage.db
      .select({ token_id: pairingTokens.tokenId })
      .from(pairingTokens)
      .where(and(eq(pairingTokens.tokenId, tokenId), active))
      .get();
    return row !== undefined;
  }

  /** The user an active token belongs to; undefined once it is revoked (or never existed). */
  userOfActive(tokenId: string): string | undefined {
    return this.storage.db
      .select({ user: pairingTokens.user })
      .from(pairingTokens)
      .where(and(eq(pairingTokens.tokenId, tokenId), active))
      .get()?.user;
  }

  /** For the auth layer's policy snapshot: hashes only, enough to match a presented token. */
  activeTokens(): ActivePairingToken[] {
    return this.storage.db
      .select({
        token_id: pairingTokens.tokenId,
        user: pairingTokens.user,
        token_hash: pairingTokens.tokenHash,
      })
      .from(pairingTokens)
      .where(active)
      .orderBy(...oldestFirst)
      .all();
  }
}
