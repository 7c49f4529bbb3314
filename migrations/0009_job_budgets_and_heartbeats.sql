CREATE TABLE "job_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"job_ids" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draft_jobs" ADD COLUMN "failure_reason" text;