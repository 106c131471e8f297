import { campaignUiCopy } from "@shop/shared/campaign-copy";
import { useState } from "react";
import { Button } from "@/components/button";

const t = campaignUiCopy.preview;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * The email in a page of its own, laid out like the mail the server sends (a 600 px card on grey,
 * the footer with the unsubscribe link), addressed to a sample subscriber: the merge tags show
 * what a recipient reads, and the unsubscribe link goes nowhere. A document of its own to a screen
 * reader too: its language, a title, and a footer grey that reads at 4.5:1 on the page's grey.
 */
export function previewDocument(html: string, preheader = ""): string {
  return withSampleSubscriber(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${t.frameTitle}</title><style>
body{margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5}
.wrap{padding:24px 12px}.card{max-width:600px;margin:0 auto;background:#fff;border-radius:12px;padding:32px;box-sizing:border-box}
h1,h2,h3{color:#0f172a;line-height:1.25}a{color:#0f766e}img{max-width:100%;height:auto}
.footer{max-width:600px;margin:16px auto 0;font-size:12px;color:#475569;text-align:center}
</style></head><body><span style="display:none">${escapeHtml(preheader)}</span><div class="wrap"><div class="card">${html}</div>
<div class="footer"><p>${t.footer}</p><p><a href="{{unsubscribe_url}}">${t.unsubscribe}</a></p></div></div></body></html>`);
}

const withSampleSubscriber = (document: string) =>
  document.replaceAll("{{email}}", t.sampleEmail).replaceAll("{{unsubscribe_url}}", "#");

type Width = "desktop" | "mobile";
const widths: Record<Width, string> = { desktop: "100%", mobile: "375px" };

type EmailPreviewProps = { html: string; preheader?: string; title?: string; height?: number };

/**
 * A sandboxed preview (sandbox="" and srcDoc: no scripts, no forms, no same-origin access), at
 * desktop or mobile width.
 */
export function EmailPreview({ html, preheader, title = t.frameTitle, height = 640 }: EmailPreviewProps) {
  const [width, setWidth] = useState<Width>("desktop");
  return (
    <div>
      <fieldset className="mb-3 flex gap-1">
        <legend className="sr-only">{t.width}</legend>
        {(["desktop", "mobile"] as const).map((option) => (
          <Button
            key={option}
            size="sm"
            variant={width === option ? "secondary" : "ghost"}
            aria-pressed={width === option}
            onClick={() => setWidth(option)}
          >
            {t[option]}
          </Button>
        ))}
      </fieldset>
      <div className="flex justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
        <iframe
          title={title}
          sandbox=""
          srcDoc={previewDocument(html, preheader)}
          style={{ width: widths[width], height }}
          className="max-w-full border-0 bg-slate-100 transition-[width]"
        />
      </div>
    </div>
  );
}
