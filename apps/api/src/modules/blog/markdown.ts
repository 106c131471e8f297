import { htmlNestsDeeperThan, markdownNestsDeeperThan } from "@shop/shared/nesting";
import { postNestingLimit } from "@shop/shared/schemas/blog";
import { marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { escapeHtml } from "../../lib/escape-html.ts";

/**
 * Markdown to HTML, then an allow-list: no scripts, no event handlers, no javascript: links. A post
 * nested deeper than posts may be (saved before the limit, or written to the database by hand) is
 * shown as its plain text: the parser would run out of stack, and visitors would get an error page.
 */
export function renderMarkdown(markdown: string): string {
  if (markdownNestsDeeperThan(markdown, postNestingLimit) || htmlNestsDeeperThan(markdown, postNestingLimit * 2)) {
    return asPlainText(markdown);
  }
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(html, {
    allowedTags: [
      ...["h2", "h3", "h4", "p", "br", "hr", "blockquote", "ul", "ol", "li", "strong", "em", "del", "code", "pre"],
      ...["a", "img", "table", "thead", "tbody", "tr", "th", "td"],
    ],
    allowedAttributes: {
      a: ["href", "title", "rel"],
      img: ["src", "alt", "title", "width", "height"],
      th: ["align"],
      td: ["align"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["https"] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: /^https?:/.test(attribs.href ?? "") ? { ...attribs, rel: "noopener noreferrer" } : attribs,
      }),
      h1: "h2",
    },
  });
}

function asPlainText(markdown: string): string {
  return markdown
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll("\n", "<br>")}</p>`)
    .join("\n");
}

export function readingMinutes(markdown: string): number {
  return Math.max(1, Math.round(markdown.split(/\s+/).filter(Boolean).length / 220));
}
