-- Runs started before the queue lived in the process that started them; none of them can still be running.
UPDATE "draft_jobs" SET "status" = 'cancelled', "finished_at" = now() WHERE "status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "draft_jobs_one_running" ON "draft_jobs" USING btree ("user_id","scope") WHERE status = 'running';