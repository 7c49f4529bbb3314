-- Runs started before the queue lived in the memory of the process that started them: none can still be running.
UPDATE "draft_jobs" SET "status" = 'cancelled', "finished_at" = now() WHERE "status" = 'running';--> statement-breakpoint
ALTER TABLE "draft_jobs" ADD COLUMN "counted_students" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "draft_jobs_one_running" ON "draft_jobs" USING btree ("user_id","scope") WHERE status = 'running';