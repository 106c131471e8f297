import { formatUsd } from "@shop/shared/money";
import { site } from "./site";

/**
 * Made on first use: building an Intl formatter loads locale data, tens of milliseconds on a slow phone, and
 * a storefront page that shows only prices should not pay for the date formats while it starts.
 */
function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

const numberFormat = onFirstUse(() => new Intl.NumberFormat(site.locale));
const priceFormat = onFirstUse(
  () => new Intl.NumberFormat(site.locale, { style: "currency", currency: site.currency }),
);
const shortDate = { month: "short", day: "numeric", year: "numeric" } as const;
const dateFormat = onFirstUse(() => new Intl.DateTimeFormat(site.locale, shortDate));
const dayFormat = onFirstUse(() => new Intl.DateTimeFormat(site.locale, { ...shortDate, timeZone: "UTC" }));
const dateTimeFormat = onFirstUse(
  () => new Intl.DateTimeFormat(site.locale, { dateStyle: "medium", timeStyle: "short" }),
);

const isUsInDollars: boolean = site.locale === "en-US" && site.currency === "USD";

export function formatPrice(amount: number): string {
  return isUsInDollars ? formatUsd(amount) : priceFormat().format(amount);
}

/** Thousands separators; a missing count shows as 0 (spec: recipients default 0). */
export function formatCount(value: number | null | undefined): string {
  return numberFormat().format(value ?? 0);
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Short month, day, year ("Mar 5, 2025"), or the fallback when there is no valid date. */
export function formatDate(value: string | number | Date | null | undefined, fallback = "N/A"): string {
  const date = toDate(value);
  return date ? dateFormat().format(date) : fallback;
}

/**
 * A day picked without a time (a banner's dates, a post's publication day), as "Mar 5, 2025". The API
 * keeps such a day as its midnight UTC, which west of UTC is the evening before: read in UTC, every
 * browser shows the day that was picked, as the edit forms do.
 */
export function formatDay(value: string | number | Date | null | undefined, fallback = "N/A"): string {
  const date = toDate(value);
  return date ? dayFormat().format(date) : fallback;
}

export function formatDateTime(value: string | number | Date | null | undefined, fallback = "N/A"): string {
  const date = toDate(value);
  return date ? dateTimeFormat().format(date) : fallback;
}
