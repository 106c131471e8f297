/** The log's details are JSON written by many modules over time: read them defensively. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A string or number as text; anything else is absent. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === "string") return value || undefined;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  return undefined;
}

export function textsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.flatMap((item) => textOf(item) ?? []) : [];
}

/** A field's text from a nested record: `fieldOf(details.userInfo, "email")`. */
export function fieldOf(record: unknown, key: string): string | undefined {
  return isRecord(record) ? textOf(record[key]) : undefined;
}

/** Strings as they are; everything else as indented JSON, so objects and arrays stay readable. */
export function formatValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  return JSON.stringify(value, null, 2) ?? String(value);
}

/** The detail keys the viewer has a block for (spec section 3); the rest go under "Other details". */
export const knownDetailKeys = [
  "productId",
  "bannerInfo",
  "emailHistoryId",
  "emailInfo",
  "tagInfo",
  "subscriberInfo",
  "tagsList",
  "subscriberEmails",
  "onActioned",
  "contactId",
  "roleinfo",
  "userInfo",
  "updatedisActive",
  "message",
  "fieldChanges",
] as const;

export function otherDetailsOf(details: Record<string, unknown>): Record<string, unknown> | null {
  const known: readonly string[] = knownDetailKeys;
  const rest = Object.entries(details).filter(([key, value]) => !known.includes(key) && value !== undefined);
  return rest.length > 0 ? Object.fromEntries(rest) : null;
}
