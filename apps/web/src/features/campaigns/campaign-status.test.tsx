import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CampaignStatusBadge, campaignHref, campaignStatusTone, recipientsOf, sentDateOf } from "./campaign-status";

describe("campaign status", () => {
  it.each([
    ["sent", "success", "bg-emerald-50"],
    ["draft", "neutral", "bg-slate-100"],
    ["scheduled", "info", "bg-sky-50"],
    ["failed", "danger", "bg-red-50"],
    ["sending", "warning", "bg-amber-50"],
    ["paused", "warning", "bg-amber-50"],
    ["cancelled", "warning", "bg-amber-50"],
  ])("shows %s in the spec's colour", (status, tone, colour) => {
    expect(campaignStatusTone(status)).toBe(tone);
    render(<CampaignStatusBadge status={status} />);
    // redos-safe: status is one of the table's words, letters only: a literal match.
    expect(screen.getByText(new RegExp(status, "i")).className).toContain(colour);
  });

  it('says "Not sent" without a sent date, the short date with one', () => {
    expect(sentDateOf({ sentAt: null })).toBe("Not sent");
    expect(sentDateOf({ sentAt: "2025-03-05T12:00:00.000Z" })).toBe("Mar 5, 2025");
  });

  it("shows recipients with thousands separators, none as 0", () => {
    expect(recipientsOf({ recipientCount: 1234567 })).toBe("1,234,567");
    expect(recipientsOf({ recipientCount: 0 })).toBe("0");
  });

  it("opens drafts and scheduled campaigns in the composer for a composer, the rest in their report", () => {
    expect(campaignHref({ _id: "a", status: "draft" }, true)).toBe("/admin/compose-mail?id=a");
    expect(campaignHref({ _id: "a", status: "scheduled" }, true)).toBe("/admin/compose-mail?id=a");
    expect(campaignHref({ _id: "a", status: "sent" }, true)).toBe("/admin/newsletters/history/email/a");
  });

  it("opens every campaign in its report for someone who may not compose", () => {
    expect(campaignHref({ _id: "a", status: "draft" }, false)).toBe("/admin/newsletters/history/email/a");
    expect(campaignHref({ _id: "a", status: "scheduled" }, false)).toBe("/admin/newsletters/history/email/a");
  });
});
