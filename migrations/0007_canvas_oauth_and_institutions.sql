CREATE TABLE "canvas_oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"canvas_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institution_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"institution_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"invitation_id" text NOT NULL,
	"canvas_url" text,
	"canvas_client_id" text,
	"canvas_client_secret" text,
	"allow_personal_tokens" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institutions_invitationId_unique" UNIQUE("invitation_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "canvas_auth_method" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "canvas_refresh_token" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "canvas_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "canvas_token_refresh_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "canvas_connection_problem" text;--> statement-breakpoint
ALTER TABLE "canvas_oauth_states" ADD CONSTRAINT "canvas_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_members" ADD CONSTRAINT "institution_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_members" ADD CONSTRAINT "institution_members_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "canvas_oauth_states_user_id_index" ON "canvas_oauth_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "institution_members_institution_id_index" ON "institution_members" USING btree ("institution_id");