CREATE TABLE "institution_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institution_invitations_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "email_domain" text;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "monthly_allowance" integer;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "ai_provider" text;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "ai_model" text;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "ai_api_key" text;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "ai_base_url" text;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "draft_retention_hours" integer;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "add_ai_line" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "institution_invitations" ADD CONSTRAINT "institution_invitations_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "institution_invitations_institution_id_email_index" ON "institution_invitations" USING btree ("institution_id","email");