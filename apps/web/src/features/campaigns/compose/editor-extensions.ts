import { Image } from "@tiptap/extension-image";
import { Link } from "@tiptap/extension-link";
import { StarterKit } from "@tiptap/starter-kit";

/**
 * A "button" is a link styled as one, inline so every mail client shows it; the server's
 * sanitiser keeps exactly these properties.
 */
export const buttonStyle =
  "display:inline-block;background-color:#0f766e;color:#ffffff;padding:12px 24px;border-radius:8px;text-decoration:none;font-weight:bold";

/** A link that keeps a `style` attribute: that is what makes a button. */
const StyledLink = Link.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      style: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute("style"),
        renderHTML: (attributes: Record<string, unknown>) =>
          typeof attributes.style === "string" && attributes.style ? { style: attributes.style } : {},
      },
    };
  },
});

/** What an email may hold: headings, bold and italic, lists, links, buttons and images (nothing a mail client drops). */
export const editorExtensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3] },
    code: false,
    codeBlock: false,
    // Our own link (with button styles) replaces the kit's.
    link: false,
  }),
  StyledLink.configure({
    openOnClick: false,
    autolink: true,
    defaultProtocol: "https",
    protocols: ["http", "https", "mailto"],
    HTMLAttributes: { target: "_blank", rel: null },
  }),
  Image.configure({ inline: false, allowBase64: false }),
];

/** http(s) and mailto only: the server refuses anything else in a link. */
export function isLinkable(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === "http:" || protocol === "https:" || protocol === "mailto:";
  } catch {
    return false;
  }
}

/** Uploads come back as a path on this site; a mail client needs the whole address. */
export function absoluteUrl(url: string): string {
  return new URL(url, window.location.origin).href;
}
