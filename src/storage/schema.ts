// Drizzle table definitions: the single source for drizzle-kit's checked-in migrations and for typed queries.
import { sqliteTable, text } from "drizzle-orm/sqlite-core";

// Pairing tokens authenticate gateway peers (SPEC §4, §5). A token is shown to its owner once, at
// `pairing/create`; the database keeps only its sha256, so a copied database file, backup or WAL segment
// cannot be replayed as a credential. A 256-bit random token needs no salt or slow hash: there is nothing
// to brute-force, and an unsalted digest keeps lookup a single indexed equality.
export const pairingTokens = sqliteTable("pairing_tokens", {
  tokenId: text("token_id").primaryKey(),
  user: text("user").notNull(),
  label: text("label"),
  tokenHash: text("token_hash").notNull().unique(),
  // ISO 8601 UTC strings sort chronologically as text and read unambiguously in the sqlite3 shell.
  createdAt: text("created_at").notNull(),
  // Revocation keeps the row so `pairing/revoke` is auditable and a revoked id can never be reissued.
  revokedAt: text("revoked_at"),
});

export type PairingTokenRow = typeof pairingTokens.$inferSelect;
