export * from "./activity-logs.ts";
export * from "./auth.ts";
export * from "./campaigns.ts";
export * from "./catalogue.ts";
export * from "./content.ts";
export * from "./mail.ts";
export * from "./newsletter.ts";
export * from "./settings.ts";
