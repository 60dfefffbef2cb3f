CREATE TABLE "registered_company_requests" (
	"realtor_id" integer PRIMARY KEY NOT NULL,
	"registered_company" boolean NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registered_company_requests" ADD CONSTRAINT "registered_company_requests_realtor_id_users_id_fk" FOREIGN KEY ("realtor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
