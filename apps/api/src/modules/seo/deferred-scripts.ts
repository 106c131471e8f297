/** The JSON block that tells /boot.js what to load: the app's entry and the chunks worth fetching beside it. */
type AppModules = { entry: string; preload: string[] };

// A tag's attributes are read one by one (a name, then maybe ="value"), so no character can be read two
// ways and a page is scanned in linear time; the URL is then taken from the one tag that matched.
const entryScript = /<script type="module"(?:\s+[\w-]+(?:="[^"]*")?)*\s*><\/script>\s*/;
const modulePreload = /<link rel="modulepreload"(?:\s+[\w-]+(?:="[^"]*")?)*\s*\/?>\s*/g;
const url = /\s(?:src|href)="([^"]+)"/;

/**
 * Asked for first and run as soon as it arrives, without holding up the paint: /early-input.js keeps the
 * clicks and typing of the seconds before the app answers, and hands them to it once it does.
 */
const earlyInput = `<script src="/early-input.js" async fetchpriority="high"></script>
  </head>`;

/**
 * For a page rendered on the server: its scripts (the entry and every modulepreload) are taken out of the
 * head and left to /boot.js, which asks for them once the page has painted. Under a phone's bandwidth the
 * first paint then needs the HTML alone. Pages rendered in the browser keep their scripts as they are.
 */
export function deferScripts(html: string): string {
  const entry = entryScript.exec(html)?.[0].match(url)?.[1];
  if (!entry) return html;
  const preload = [...html.matchAll(modulePreload)].map((match) => match[0].match(url)?.[1] ?? "").filter(Boolean);
  const modules: AppModules = { entry, preload: [...new Set(preload)] };
  const block = `<script type="application/json" id="app-modules">${JSON.stringify(modules).replace(/</g, "\\u003c")}</script>
    <script type="module" src="/boot.js"></script>
  </body>`;
  return html
    .replace(entryScript, "")
    .replace(modulePreload, "")
    .replace("</head>", earlyInput)
    .replace("</body>", block);
}
