ALTER TABLE "canvas_oauth_states" ADD COLUMN "institution_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "canvas_oauth_institution_id" uuid;