/** The JSON block that tells /boot.js what to load: the app's entry and the chunks worth fetching beside it. */
type AppModules = { entry: string; preload: string[] };

const entryScript = /<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/;
const modulePreload = /<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\s*/g;

/**
 * For a page rendered on the server: its scripts (the entry and every modulepreload) are taken out of the
 * head and left to /boot.js, which asks for them once the page has painted. Under a phone's bandwidth the
 * first paint then needs the HTML alone. Pages rendered in the browser keep their scripts as they are.
 */
export function deferScripts(html: string): string {
  const entry = entryScript.exec(html)?.[1];
  if (!entry) return html;
  const preload = [...html.matchAll(modulePreload)].map((match) => match[1] ?? "").filter(Boolean);
  const modules: AppModules = { entry, preload: [...new Set(preload)] };
  const block = `<script type="application/json" id="app-modules">${JSON.stringify(modules).replace(/</g, "\\u003c")}</script>
    <script type="module" src="/boot.js"></script>
  </body>`;
  return html.replace(entryScript, "").replace(modulePreload, "").replace("</body>", block);
}
