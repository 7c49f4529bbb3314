CREATE TABLE "grade_saves" (
	"user_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"comment_id" integer,
	"paid_period" text,
	"sealed_undo" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grade_saves_user_id_scope_subject_pk" PRIMARY KEY("user_id","scope","subject")
);
--> statement-breakpoint
ALTER TABLE "grade_saves" ADD CONSTRAINT "grade_saves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;