import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { EmailPreview, previewDocument } from "./email-preview";

describe("email preview", () => {
  it("is a sandboxed frame with the email as its srcdoc: no scripts, no same-origin access", () => {
    render(<EmailPreview html="<p>Hello {{email}}</p><script>alert(1)</script>" preheader="Spring offers" />);
    const frame = screen.getByTitle("Email preview");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("src")).toBeNull();
    const document = frame.getAttribute("srcdoc") ?? "";
    expect(document).toContain("Spring offers");
  });

  it("fills the merge tags with a sample subscriber, and the unsubscribe link goes nowhere", () => {
    render(<EmailPreview html='<p>Hello {{email}}, <a href="{{unsubscribe_url}}">leave</a></p>' />);
    const document = screen.getByTitle("Email preview").getAttribute("srcdoc") ?? "";
    expect(document).toContain("<p>Hello jane@example.com, ");
    expect(document).not.toContain("{{");
    expect(document).toContain('<a href="#">leave</a>');
  });

  it("switches between desktop and mobile widths", async () => {
    render(<EmailPreview html="<p>Hi</p>" />);
    const frame = screen.getByTitle("Email preview");
    expect(frame.style.width).toBe("100%");
    await userEvent.click(screen.getByRole("button", { name: "Mobile" }));
    expect(frame.style.width).toBe("375px");
    expect(screen.getByRole("button", { name: "Mobile" }).getAttribute("aria-pressed")).toBe("true");
    await userEvent.click(screen.getByRole("button", { name: "Desktop" }));
    expect(frame.style.width).toBe("100%");
  });

  it("escapes the preheader", () => {
    expect(previewDocument("<p>x</p>", "<b>a & b</b>")).toContain("&lt;b&gt;a &amp; b&lt;/b&gt;");
  });
});
