CREATE TABLE `checkpoints` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`interaction_surface` text NOT NULL,
	`session_id` text NOT NULL,
	`turn_id` text NOT NULL,
	`message` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `checkpoints_session` ON `checkpoints` (`interaction_surface`,`session_id`,`id`);--> statement-breakpoint
CREATE TABLE `context_snapshots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`interaction_surface` text NOT NULL,
	`session_id` text NOT NULL,
	`messages` text NOT NULL,
	`checkpoint_boundary` integer NOT NULL,
	`dropped_messages` integer NOT NULL,
	`kept_turns` integer NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `context_snapshots_session` ON `context_snapshots` (`interaction_surface`,`session_id`,`id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`interaction_surface` text NOT NULL,
	`session_id` text NOT NULL,
	`agent` text NOT NULL,
	`owner` text NOT NULL,
	`workspace_dir` text NOT NULL,
	`state` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`interaction_surface`, `session_id`)
);
--> statement-breakpoint
CREATE TABLE `transcript_rows` (
	`interaction_surface` text NOT NULL,
	`session_id` text NOT NULL,
	`seq` integer NOT NULL,
	`role` text NOT NULL,
	`kind` text NOT NULL,
	`content` text NOT NULL,
	`turn_id` text,
	`created_at` text NOT NULL,
	PRIMARY KEY(`interaction_surface`, `session_id`, `seq`)
);
--> statement-breakpoint
CREATE TABLE `turns` (
	`interaction_surface` text NOT NULL,
	`session_id` text NOT NULL,
	`turn_id` text NOT NULL,
	`state` text NOT NULL,
	`started_at` text NOT NULL,
	`ended_at` text,
	PRIMARY KEY(`interaction_surface`, `session_id`, `turn_id`)
);
