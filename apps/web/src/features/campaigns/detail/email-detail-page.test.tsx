import type { CampaignCounts, CampaignDto } from "@shop/shared/schemas/campaigns";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { staffWith, toastsOf } from "@/test/store";
import { campaignOf, ok } from "../test-data";
import { EmailDetailPage } from "./email-detail-page";

const counts: CampaignCounts = {
  queued: 150,
  sending: 50,
  sent: 800,
  failed: 0,
  bounced: 0,
  skipped: 0,
  opened: 400,
  clicked: 100,
  unsubscribed: 0,
  complained: 0,
};

/**
 * The history API for one campaign, with state: pause, resume and cancel change the status the next
 * read gives. `refuse` answers every such action with a 409 and that message.
 */
function fakeCampaignApi(status: CampaignDto["status"], { refuse }: { refuse?: string } = {}) {
  const campaign = { ...campaignOf(1, { status, recipientCount: 1000, subject: "Spring offers" }), counts };
  const after = { pause: "paused", resume: "sending", cancel: "cancelled" } as const;
  return fakeFetch((request) => {
    const path = new URL(request.url).pathname;
    const action = path.split("/").at(-1) ?? "";
    if (request.method === "POST" && action in after) {
      if (refuse) return { status: 409, body: { success: false, message: refuse } };
      campaign.status = after[action as keyof typeof after];
      return ok(campaign);
    }
    if (path.endsWith("/recipients")) {
      const pagination = { currentPage: 1, totalPages: 1, totalRecipients: 0, recipientsPerPage: 20 };
      return ok({ recipients: [], pagination });
    }
    if (path.endsWith("/logs")) return ok([]);
    if (path === "/api/compose-mail/delivery") return ok({ transport: "smtp" });
    return ok(campaign);
  });
}

function renderPage(permissions = ["newsletter:view-emailhistories", "newsletter:compose-email"]) {
  const store = staffWith(permissions);
  const id = campaignOf(1)._id;
  return renderRoutes([{ path: "/admin/newsletters/history/email/:emailId", element: <EmailDetailPage /> }], {
    store,
    initialEntries: [`/admin/newsletters/history/email/${id}`],
  });
}

const actionsSent = (requests: Request[]) =>
  requests
    .filter((request) => request.method === "POST")
    .map((request) => new URL(request.url).pathname.split("/").at(-1));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("campaign detail page", () => {
  it("shows the campaign's delivery with rates, and says it refreshes while sending", async () => {
    fakeCampaignApi("sending");
    renderPage();

    expect(await screen.findByRole("heading", { level: 1, name: "Spring offers" })).toBeTruthy();
    const delivery = screen.getByRole("region", { name: "Delivery" });
    const figure = (label: string) => within(delivery).getByText(label).parentElement?.textContent;
    expect(figure("Recipients")).toBe("Recipients1,000");
    expect(figure("Queued")).toBe("Queued200");
    expect(figure("Delivered")).toBe("Delivered80080% of recipients");
    expect(figure("Opened")).toBe("Opened40050% of delivered");
    expect(screen.getByText("Updating every 3 seconds while sending")).toBeTruthy();
  });

  it("pauses a campaign that is sending, and then offers Resume", async () => {
    const { requests } = fakeCampaignApi("sending");
    const { store } = renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Pause" }));

    expect(await screen.findByRole("button", { name: "Resume" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Pause" })).toBeNull();
    expect(actionsSent(requests)).toEqual(["pause"]);
    expect(toastsOf(store)).toContain("Campaign paused");
    expect(screen.queryByText("Updating every 3 seconds while sending")).toBeNull();
  });

  it("cancels only after confirming; Keep it sends nothing", async () => {
    const { requests } = fakeCampaignApi("paused");
    const { store } = renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Cancel sending" }));
    let dialog = screen.getByRole("dialog", { name: "Cancel this campaign?" });
    expect(within(dialog).getByText("Recipients not sent to yet will be skipped. This cannot be undone.")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep it" }));
    expect(actionsSent(requests)).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Cancel sending" }));
    dialog = screen.getByRole("dialog", { name: "Cancel this campaign?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel campaign" }));

    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(actionsSent(requests)).toEqual(["cancel"]);
    expect(toastsOf(store)).toContain("Campaign cancelled");
    await vi.waitFor(() => expect(screen.queryByRole("button", { name: "Cancel sending" })).toBeNull());
    expect(screen.queryByRole("button", { name: "Resume" })).toBeNull();
  });

  it("keeps the cancel dialog open with the server's reason when it refuses", async () => {
    fakeCampaignApi("sending", { refuse: "The campaign has already finished" });
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Cancel sending" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel this campaign?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel campaign" }));

    expect(await within(dialog).findByText("The campaign has already finished")).toBeTruthy();
  });

  it("offers Edit for a draft, nothing to pause or cancel", async () => {
    fakeCampaignApi("draft");
    renderPage();
    const edit = await screen.findByRole("link", { name: "Edit" });
    expect(edit.getAttribute("href")).toBe(`/admin/compose-mail?id=${campaignOf(1)._id}`);
    expect(screen.queryByRole("button", { name: "Cancel sending" })).toBeNull();
  });

  it("shows someone who may not compose no sending controls", async () => {
    fakeCampaignApi("sending");
    renderPage(["newsletter:view-emailhistories"]);
    await screen.findByRole("heading", { level: 1, name: "Spring offers" });
    expect(screen.queryByRole("button", { name: "Pause" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel sending" })).toBeNull();
  });

  it("says the campaign could not be loaded, with a way back to the history", async () => {
    fakeFetch({ status: 500, body: { success: false, message: "Database unavailable" } });
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to fetch mail")).toBeTruthy();
    expect(within(alert).getByText("Database unavailable")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to email history" }).getAttribute("href")).toBe(
      "/admin/newsletters/history",
    );
  });

  it("says a campaign that is not there is not found, with the way back and no Try again that cannot work", async () => {
    fakeFetch({ status: 404, body: { success: false, message: "Campaign not found" } });
    renderPage();
    expect(await screen.findByText("Email not found")).toBeTruthy();
    expect(screen.getByText("Campaign not found")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(screen.getAllByRole("link", { name: "Back to email history" })[0]?.getAttribute("href")).toBe(
      "/admin/newsletters/history",
    );
  });
});
