import { site } from "./site";

const numberFormat = new Intl.NumberFormat(site.locale);
const priceFormat = new Intl.NumberFormat(site.locale, { style: "currency", currency: site.currency });
const dateFormat = new Intl.DateTimeFormat(site.locale, { month: "short", day: "numeric", year: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat(site.locale, { dateStyle: "medium", timeStyle: "short" });

export function formatPrice(amount: number): string {
  return priceFormat.format(amount);
}

/** Thousands separators; a missing count shows as 0 (spec: recipients default 0). */
export function formatCount(value: number | null | undefined): string {
  return numberFormat.format(value ?? 0);
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Short month, day, year ("Mar 5, 2025"), or the fallback when there is no valid date. */
export function formatDate(value: string | number | Date | null | undefined, fallback = "N/A"): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : fallback;
}

export function formatDateTime(value: string | number | Date | null | undefined, fallback = "N/A"): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : fallback;
}
