CREATE TABLE `session_files` (
	`interaction_surface` text NOT NULL,
	`session_id` text NOT NULL,
	`sha256` text NOT NULL,
	`filename` text NOT NULL,
	`path` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`interaction_surface`, `session_id`, `sha256`)
);
