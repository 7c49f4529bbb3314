CREATE TABLE "lti_links" (
	"institution_id" uuid NOT NULL,
	"platform_user_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_links_institution_id_platform_user_id_pk" PRIMARY KEY("institution_id","platform_user_id")
);
--> statement-breakpoint
CREATE TABLE "lti_logins" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"institution_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lti_logins_nonce_unique" UNIQUE("nonce")
);
--> statement-breakpoint
CREATE TABLE "lti_tool_keys" (
	"slot" text PRIMARY KEY NOT NULL,
	"kid" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"sealed_private_jwk" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "lti_client_id" text;--> statement-breakpoint
ALTER TABLE "institutions" ADD COLUMN "lti_deployment_id" text;--> statement-breakpoint
ALTER TABLE "lti_links" ADD CONSTRAINT "lti_links_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_links" ADD CONSTRAINT "lti_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_logins" ADD CONSTRAINT "lti_logins_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_ltiClientId_unique" UNIQUE("lti_client_id");