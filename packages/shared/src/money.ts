/**
 * "$1,234.50", as Intl writes US dollars for en-US, without Intl: a browser's first currency formatter
 * loads its locale data, 40–100 ms on this machine before throttling, on every storefront page's start.
 * One writer for the storefront's prices and the server's page titles, so a page and its title agree.
 */
export function formatUsd(amount: number): string {
  const [whole = "0", cents = "00"] = Math.abs(amount).toFixed(2).split(".");
  // redos-safe: the lookahead makes this quadratic in the digits (recheck's fuzzing misses it), but toFixed
  // writes at most 21 of them: from 1e21 on it writes exponent notation.
  return `${amount < 0 ? "-" : ""}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${cents}`;
}
