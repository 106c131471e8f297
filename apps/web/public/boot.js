// Loads the app after a server-rendered page has painted (see apps/api/src/modules/seo/deferred-scripts.ts).
// The page is readable as it arrives; its JavaScript then downloads without competing with that first paint
// for a phone's bandwidth and main thread. A file, not inline script: the CSP allows none.
const modules = JSON.parse(document.getElementById("app-modules")?.textContent ?? "{}");

function load() {
  for (const href of modules.preload ?? []) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement("script");
  script.type = "module";
  script.crossOrigin = "";
  script.src = modules.entry;
  document.head.append(script);
}

if (modules.entry) requestAnimationFrame(() => setTimeout(load, 0));
