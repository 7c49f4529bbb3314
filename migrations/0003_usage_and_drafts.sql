CREATE TABLE "draft_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"total" integer NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "grading_drafts" (
	"user_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"student_id" text NOT NULL,
	"sealed_draft" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "grading_drafts_user_id_scope_student_id_pk" PRIMARY KEY("user_id","scope","student_id")
);
--> statement-breakpoint
CREATE TABLE "submission_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"billing_period" text NOT NULL,
	"submissions" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"payment_reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_purchases_paymentReference_unique" UNIQUE("payment_reference")
);
--> statement-breakpoint
CREATE TABLE "subscribers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"subscribed" boolean DEFAULT false NOT NULL,
	"subscription_tier" text DEFAULT 'Free Trial' NOT NULL,
	"billing_interval" text,
	"billing_cycle_start" timestamp with time zone,
	"subscription_end" timestamp with time zone,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_tracking" (
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"billing_period" text NOT NULL,
	"month_year" text NOT NULL,
	"submissions_used" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_tracking_user_id_billing_period_pk" PRIMARY KEY("user_id","billing_period")
);
--> statement-breakpoint
ALTER TABLE "draft_jobs" ADD CONSTRAINT "draft_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_drafts" ADD CONSTRAINT "grading_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_purchases" ADD CONSTRAINT "submission_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_tracking" ADD CONSTRAINT "usage_tracking_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draft_jobs_user_id_scope_index" ON "draft_jobs" USING btree ("user_id","scope");--> statement-breakpoint
CREATE INDEX "grading_drafts_expires_at_index" ON "grading_drafts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "submission_purchases_user_id_billing_period_index" ON "submission_purchases" USING btree ("user_id","billing_period");