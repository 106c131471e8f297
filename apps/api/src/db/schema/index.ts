export * from "./activity-logs.ts";
export * from "./auth.ts";
