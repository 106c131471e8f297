/*
 * How deeply content nests, read in one pass that stops at a limit. HTML parsers and sanitisers slow
 * down with the depth of the open elements (htmlparser2 took 2.6 s, sanitize-html 11–19 s, for 100,000
 * unclosed tags in 300 KB), and the Markdown parser recurses once a level until the stack runs out
 * (about 2,000 quotes). Content deeper than the limit is refused before either sees it.
 */

/** Elements that never hold others. */
const voidElements = new Set([
  ...["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"],
]);

/**
 * Elements whose end tag may be left out, with the elements that bound them: a second one opened
 * inside the first (short of a bound) closes it and what is open inside it, as parsers do. So
 * `<li>a<li>b` is two items and `<tr><td>a<tr>` two rows, and sloppy HTML is not taken for deep.
 */
const blocks = ["div", "li", "td", "th", "blockquote", "table", "ul", "ol", "section", "article", "body", "center"];
const impliedEnd = new Map<string, ReadonlySet<string>>([
  ["p", new Set(blocks)],
  ["li", new Set(["ul", "ol"])],
  ["dt", new Set(["dl"])],
  ["dd", new Set(["dl"])],
  ["td", new Set(["tr", "table"])],
  ["th", new Set(["tr", "table"])],
  ["tr", new Set(["thead", "tbody", "tfoot", "table"])],
  ["thead", new Set(["table"])],
  ["tbody", new Set(["table"])],
  ["tfoot", new Set(["table"])],
  ["option", new Set(["select"])],
]);

/** Closes an open `name` that a new `name` ends (see impliedEnd). */
function endImplied(open: string[], name: string): void {
  const bounds = impliedEnd.get(name);
  if (!bounds) return;
  for (let index = open.length - 1; index >= 0; index -= 1) {
    const element = open[index] as string;
    if (element === name) {
      open.length = index;
      return;
    }
    if (bounds.has(element)) return;
  }
}

const isNameStart = (code: number) => (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
const isNameChar = (code: number) => isNameStart(code) || (code >= 48 && code <= 57) || code === 45 || code === 58;

/**
 * Whether HTML opens elements more than `limit` deep. Linear in the text: a tag looks among at most
 * `limit` open elements, and the read stops as soon as the limit is passed.
 */
export function htmlNestsDeeperThan(html: string, limit: number): boolean {
  const open: string[] = [];
  let at = html.indexOf("<");
  while (at !== -1) {
    const closing = html.charCodeAt(at + 1) === 47; // "/"
    let end = at + (closing ? 2 : 1);
    if (html.startsWith("!--", at + 1)) {
      const after = html.indexOf("-->", at + 4);
      if (after === -1) return false;
      at = html.indexOf("<", after + 3);
      continue;
    }
    if (!isNameStart(html.charCodeAt(end))) {
      at = html.indexOf("<", at + 1);
      continue;
    }
    const nameStart = end;
    while (end < html.length && isNameChar(html.charCodeAt(end))) end += 1;
    const name = html.slice(nameStart, end).toLowerCase();
    const tagEnd = html.indexOf(">", end);
    if (tagEnd === -1) return false;
    if (closing) {
      const index = open.lastIndexOf(name);
      if (index !== -1) open.length = index;
    } else if (!voidElements.has(name) && html.charCodeAt(tagEnd - 1) !== 47) {
      endImplied(open, name);
      open.push(name);
      if (open.length > limit) return true;
    }
    at = html.indexOf("<", tagEnd + 1);
  }
  return false;
}

/**
 * Whether Markdown nests quotes and lists more than `limit` deep on some line: its `>` and list markers
 * (`-`, `*`, `+`, `1.`, `1)`) before the text, and the indentation in front of a marker (two spaces a level).
 */
export function markdownNestsDeeperThan(markdown: string, limit: number): boolean {
  let lineStart = 0;
  while (lineStart < markdown.length) {
    let lineEnd = markdown.indexOf("\n", lineStart);
    if (lineEnd === -1) lineEnd = markdown.length;
    if (lineDepth(markdown, lineStart, lineEnd, limit) > limit) return true;
    lineStart = lineEnd + 1;
  }
  return false;
}

function lineDepth(text: string, start: number, end: number, limit: number): number {
  let depth = 0;
  let at = start;
  while (at < end && depth <= limit) {
    let spaces = 0;
    while (at < end && (text[at] === " " || text[at] === "\t")) {
      spaces += text[at] === "\t" ? 4 : 1;
      at += 1;
    }
    const marker = containerMarker(text, at, end);
    if (marker === 0) return depth;
    depth += 1 + Math.floor(spaces / 2);
    at += marker;
  }
  return depth;
}

/** The length of a quote or list marker at `at` (with the space after a list marker), or 0. */
function containerMarker(text: string, at: number, end: number): number {
  const char = text[at];
  if (char === ">") return 1;
  const spaced = (length: number) =>
    at + length === end || text[at + length] === " " || text[at + length] === "\t" ? length : 0;
  if (char === "-" || char === "*" || char === "+") return spaced(1);
  let digits = 0;
  while (digits < 9 && at + digits < end && text.charCodeAt(at + digits) >= 48 && text.charCodeAt(at + digits) <= 57) {
    digits += 1;
  }
  if (digits === 0) return 0;
  const after = text[at + digits];
  return after === "." || after === ")" ? spaced(digits + 1) : 0;
}
