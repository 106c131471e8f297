import { marked } from "marked";
import sanitizeHtml from "sanitize-html";

/** Markdown to HTML, then an allow-list: no scripts, no event handlers, no javascript: links. */
export function renderMarkdown(markdown: string): string {
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

export function readingMinutes(markdown: string): number {
  return Math.max(1, Math.round(markdown.split(/\s+/).filter(Boolean).length / 220));
}
