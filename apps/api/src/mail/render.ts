import { convert } from "html-to-text";
import juice from "juice";
import sanitizeHtml from "sanitize-html";
import { escapeHtml } from "../lib/escape-html.ts";

// Style values a campaign may keep. Each pattern is anchored, bounds every repetition and can read each
// character only one way, so only a short value (at most 64 characters) can match, and a long one is
// refused in time linear in its length. A number is 0 to 9999.999, written `12`, `1.5` or `.5`.

/** A hex colour, a colour keyword, or rgb()/rgba()/hsl()/hsla() of numbers: no other function, such as expression(). */
const cssColor = /^(?:#[\da-f]{3,8}|[a-z]{1,32}|(?:rgb|hsl)a?\([\d.,\s%]{1,48}\))$/i;
/** A width or radius: a number in px or %. */
const cssSize = /^(?:\d{1,4}(?:\.\d{1,3})?|\.\d{1,3})(?:px|%)$/;
const cssFontSize = /^(?:\d{1,4}(?:\.\d{1,3})?|\.\d{1,3})(?:px|em|rem|%)$/;
/** One to four numbers, each in px, em, % or bare, apart by spaces. */
const cssPadding =
  /^(?:\d{1,4}(?:\.\d{1,3})?|\.\d{1,3})(?:px|em|%)?(?:\s{1,3}(?:\d{1,4}(?:\.\d{1,3})?|\.\d{1,3})(?:px|em|%)?){0,3}$/;
/** As padding, where any of the four may also be `auto`. */
const cssMargin =
  /^(?:(?:\d{1,4}(?:\.\d{1,3})?|\.\d{1,3})(?:px|em|%)?|auto)(?:\s{1,3}(?:(?:\d{1,4}(?:\.\d{1,3})?|\.\d{1,3})(?:px|em|%)?|auto)){0,3}$/;

/** What staff may put in a campaign: formatting, links, images, tables; no scripts, handlers or javascript: URLs. */
export function sanitizeCampaignHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      ...["h1", "h2", "h3", "h4", "p", "br", "hr", "blockquote", "ul", "ol", "li", "strong", "b", "em", "i", "u", "s"],
      ...["a", "img", "table", "thead", "tbody", "tr", "th", "td", "div", "span", "center", "code", "pre"],
    ],
    allowedAttributes: {
      "*": ["style", "align"],
      a: ["href", "title", "target"],
      img: ["src", "alt", "title", "width", "height"],
      td: ["colspan", "rowspan", "width"],
      th: ["colspan", "rowspan", "width"],
      table: ["width", "cellpadding", "cellspacing", "border", "role"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowProtocolRelative: false,
    // Styles survive only as plain property values: no url(), expression() or imports.
    allowedStyles: {
      "*": {
        color: [cssColor],
        "background-color": [cssColor],
        "text-align": [/^(left|right|center|justify)$/],
        "font-size": [cssFontSize],
        "font-weight": [/^(normal|bold|\d{3})$/],
        "font-style": [/^(normal|italic)$/],
        "text-decoration": [/^[\w\s-]{1,64}$/],
        padding: [cssPadding],
        margin: [cssMargin],
        "border-radius": [cssSize],
        display: [/^(inline-block|block|inline|none)$/],
        width: [cssSize],
        "max-width": [cssSize],
      },
    },
  });
}

const mergeEmail = "{{email}}";
const mergeUnsubscribe = "{{unsubscribe_url}}";
const pixelMarker = "%%PIXEL%%";
const linkMarker = (index: number) => `%%LINK${index}%%`;

export type CompiledCampaign = {
  /** Segments of the HTML between markers, so each recipient costs one join. */
  htmlParts: { text: string; slot?: Slot }[];
  textParts: { text: string; slot?: Slot }[];
  links: string[];
};
type Slot = { kind: "email" } | { kind: "unsubscribe" } | { kind: "pixel" } | { kind: "link"; index: number };

function layout(body: string, preheader: string, storeName: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(storeName)}</title><style>
body{margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a}
.wrap{width:100%;background:#f1f5f9;padding:24px 0}.card{max-width:600px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px}
h1,h2,h3{color:#0f172a}a{color:#0f766e}img{max-width:100%;height:auto}.footer{max-width:600px;margin:16px auto 0;font-size:12px;color:#475569;text-align:center}
</style></head><body><span style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</span><div class="wrap"><div class="card">${body}</div>
<div class="footer"><p>You receive this email because you subscribed to ${escapeHtml(storeName)}.</p><p><a href="${mergeUnsubscribe}">Unsubscribe</a></p></div></div>
<img src="${pixelMarker}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0"></body></html>`;
}

function split(source: string, links: string[]): { text: string; slot?: Slot }[] {
  const markers = [mergeEmail, mergeUnsubscribe, pixelMarker, ...links.map((_, i) => linkMarker(i))];
  // redos-safe: escaped literal markers joined by |, no quantifier: each position meets each marker once.
  const pattern = new RegExp(markers.map((m) => m.replace(/[.*+?^${}()|[\]\\%]/g, "\\$&")).join("|"), "g");
  const parts: { text: string; slot?: Slot }[] = [];
  let last = 0;
  for (const match of source.matchAll(pattern)) {
    const index = match.index ?? 0;
    const found = match[0];
    const slot: Slot =
      found === mergeEmail
        ? { kind: "email" }
        : found === mergeUnsubscribe
          ? { kind: "unsubscribe" }
          : found === pixelMarker
            ? { kind: "pixel" }
            : { kind: "link", index: Number(found.slice(6, -2)) };
    parts.push({ text: source.slice(last, index), slot });
    last = index + found.length;
  }
  parts.push({ text: source.slice(last) });
  return parts;
}

/**
 * Builds a campaign once: layout, inlined CSS, every http(s) link replaced by a marker (clicks go
 * through our tracker, which only knows these URLs), and a plain-text part. Merge tags are only
 * {{email}} and {{unsubscribe_url}}; anything else in braces stays as written.
 */
export function compileCampaign(input: { html: string; preheader: string; storeName: string }): CompiledCampaign {
  const inlined = juice(layout(sanitizeCampaignHtml(input.html), input.preheader, input.storeName));
  const links: string[] = [];
  const withMarkers = inlined.replace(/href="(https?:\/\/[^"]+)"/g, (_all, url: string) => {
    const decoded = url.replace(/&amp;/g, "&");
    let index = links.indexOf(decoded);
    if (index < 0) index = links.push(decoded) - 1;
    return `href="${linkMarker(index)}"`;
  });
  const text = convert(withMarkers, {
    wordwrap: 78,
    selectors: [{ selector: "img", format: "skip" }],
  });
  return { htmlParts: split(withMarkers, links), textParts: split(text, links), links };
}

export type RecipientUrls = {
  email: string;
  unsubscribeUrl: string;
  pixelUrl: string;
  linkUrl: (index: number) => string;
};

export function fill(parts: CompiledCampaign["htmlParts"], urls: RecipientUrls, html: boolean): string {
  let out = "";
  for (const part of parts) {
    out += part.text;
    const slot = part.slot;
    if (!slot) continue;
    if (slot.kind === "email") out += html ? escapeHtml(urls.email) : urls.email;
    else if (slot.kind === "unsubscribe") out += urls.unsubscribeUrl;
    else if (slot.kind === "pixel") out += urls.pixelUrl;
    else out += urls.linkUrl(slot.index);
  }
  return out;
}
