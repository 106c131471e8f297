/**
 * A User-Agent header in words ("Chrome on Windows"), for the profile's session list. Order
 * matters: Edge and Opera say "Chrome", Chrome says "Safari", so the specific names are tried first.
 */
const browsers: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bHeadlessChrome\//, "Headless Chrome"],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, "Chrome"],
  // Chrome, Edge and the others above also say Safari/, so what reaches here is Safari itself.
  [/\bSafari\//, "Safari"],
  [/\bcurl\//, "curl"],
];

const systems: [RegExp, string][] = [
  [/\bWindows\b/, "Windows"],
  [/\b(iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const first = (list: [RegExp, string][], text: string) => list.find(([pattern]) => pattern.test(text))?.[1];

export function describeUserAgent(userAgent: string | null | undefined): string {
  const text = userAgent ?? "";
  const browser = first(browsers, text);
  const system = first(systems, text);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return "Unknown browser";
}
