// Loads the app after a server-rendered page has painted (see apps/api/src/modules/seo/deferred-scripts.ts).
// The page is readable as it arrives; its JavaScript then downloads without competing with that first paint
// for a phone's bandwidth and main thread. A file, not inline script: the CSP allows none.
const modules = JSON.parse(document.getElementById("app-modules")?.textContent ?? "{}");

function load() {
  // One insertion for the lot: the head changes once, not once per chunk.
  const tags = document.createDocumentFragment();
  for (const href of modules.preload ?? []) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    tags.append(link);
  }
  const script = document.createElement("script");
  script.type = "module";
  script.crossOrigin = "";
  script.src = modules.entry;
  tags.append(script);
  document.head.append(tags);
}

if (modules.entry) requestAnimationFrame(() => setTimeout(load, 0));
