import { site } from "@/lib/site";

const percentFormat = new Intl.NumberFormat(site.locale, { style: "percent", maximumFractionDigits: 1 });

/** A percentage the API computed (66.7 → "66.7%"). */
export function formatPercent(value: number): string {
  return percentFormat.format(value / 100);
}

/** `part` of `whole` as a percentage, to one decimal; nothing of nothing is 0%. */
export function rateOf(part: number, whole: number): string {
  return percentFormat.format(whole > 0 ? part / whole : 0);
}
