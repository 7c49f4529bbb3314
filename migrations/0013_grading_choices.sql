CREATE TABLE "grading_choices" (
	"user_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"use_rubric" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grading_choices_user_id_scope_pk" PRIMARY KEY("user_id","scope")
);
--> statement-breakpoint
ALTER TABLE "grading_choices" ADD CONSTRAINT "grading_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;