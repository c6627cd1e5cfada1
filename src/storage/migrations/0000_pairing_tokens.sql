CREATE TABLE `pairing_tokens` (
	`token_id` text PRIMARY KEY NOT NULL,
	`user` text NOT NULL,
	`label` text,
	`token_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`revoked_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pairing_tokens_token_hash_unique` ON `pairing_tokens` (`token_hash`);