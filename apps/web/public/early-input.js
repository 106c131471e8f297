// Keeps what a shopper does on a server-rendered page before its app has started, and does it again once the
// app is ready (issue 16 item 0, decision 005). The page is on screen seconds before React answers to it;
// without this, a click on "Add to cart" in that moment did nothing. Loaded async from the head, ahead of
// /boot.js; a file, not inline script: the CSP allows none. Links and forms with an action work without
// script and are left alone; typing stays in its field and is handed to React when it hydrates.
(() => {
  const html = document.documentElement;
  const root = document.getElementById("root");
  if (!root || html.dataset.ready) return;

  /** Controls whose click only script can answer: buttons and their like. A label passes its click on to its control. */
  const scripted =
    "button, [role=button], [role=tab], [role=switch], [role=checkbox], [role=menuitem], [role=option], input[type=checkbox], input[type=radio], input[type=submit], input[type=image]";
  /** Clicks and submits held until the app is ready, in order: { node, path, submit }. */
  const held = [];
  /** Text fields and selects typed into or changed, each with its path. */
  const edited = new Map();
  const typedInto = "input:not([type=checkbox]):not([type=radio]):not([type=file]), textarea, select";

  /** Where a node sits under #root, to find its twin if React had to render the page afresh. */
  const pathOf = (node) => {
    const path = [];
    for (let at = node; at !== root; at = at.parentElement) path.unshift([...at.parentElement.children].indexOf(at));
    return path;
  };
  /** The node, or its twin in a page rendered afresh: only one that looks the same, never some other control. */
  const find = ({ node, path }) => {
    if (node.isConnected) return node;
    const twin = path.reduce((at, index) => at?.children[index], root);
    return twin?.tagName === node.tagName && twin.textContent === node.textContent ? twin : undefined;
  };

  /** A form the browser can send on its own (it names where to): no need to wait for the app. */
  const sendsItself = (form) => form?.hasAttribute("action");

  const hold = (event, node) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    // Pressed again because nothing seemed to happen: once is what was meant.
    if (held.at(-1)?.node !== node) held.push({ node, path: pathOf(node), submit: event.type === "submit" });
  };

  const onClick = (event) => {
    const control = event.target instanceof Element && event.target.closest(scripted);
    if (!control || !root.contains(control) || control.closest("a[href]")) return;
    if (control.type === "submit" && sendsItself(control.form)) return;
    hold(event, control);
  };
  const onSubmit = (event) => {
    if (root.contains(event.target) && !sendsItself(event.target)) hold(event, event.target);
  };
  const onEdit = (event) => {
    const field = event.target;
    if (root.contains(field) && field.matches(typedInto) && !edited.has(field)) edited.set(field, pathOf(field));
  };

  /**
   * React keeps the value it last saw on a field and ignores an input event that does not change it. It saw
   * the typed text as it hydrated, so the field is set back through React's own setter and then given the
   * typed text by the element's, and the input event reads as the change it is.
   */
  const handOver = (field) => {
    if (!field) return;
    if (!field.matches("select")) {
      const typed = field.value;
      field.value = "";
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value").set.call(field, typed);
    }
    field.dispatchEvent(new Event(field.matches("select") ? "change" : "input", { bubbles: true }));
  };

  /** One held action per task, so React has rendered what the one before did (a disabled button, an open dialog). */
  const replay = () => {
    const next = held.shift();
    if (!next) return;
    const node = find(next);
    if (next.submit) node?.requestSubmit?.();
    else node?.click();
    setTimeout(replay, 0);
  };

  const events = { click: onClick, submit: onSubmit, input: onEdit, change: onEdit };
  for (const [type, listener] of Object.entries(events)) window.addEventListener(type, listener, true);

  // The app marks <html data-ready> once the page answers to input (app/app-shell.tsx).
  new MutationObserver((_, observer) => {
    if (!html.dataset.ready) return;
    observer.disconnect();
    for (const [type, listener] of Object.entries(events)) window.removeEventListener(type, listener, true);
    // A task apart: React renders what the typing changed before a click reads it.
    setTimeout(() => {
      for (const [node, path] of edited) handOver(find({ node, path }));
      setTimeout(replay, 0);
    }, 0);
  }).observe(html, { attributes: true, attributeFilter: ["data-ready"] });
})();
