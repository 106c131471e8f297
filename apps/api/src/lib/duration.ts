const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parses "90s", "15m", "12h", "7d" or a bare number of seconds into milliseconds. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(text.trim());
  if (!match) return null;
  const [, amount, unit = "s"] = match;
  const factor = units[unit];
  if (amount === undefined || factor === undefined) return null;
  return Number(amount) * factor;
}
