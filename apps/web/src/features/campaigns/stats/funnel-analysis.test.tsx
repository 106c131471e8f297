import type { FunnelDto } from "@shop/shared/schemas/campaigns";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { ok } from "../test-data";
import { FunnelAnalysis } from "./funnel-analysis";

const funnel: FunnelDto = {
  campaignId: null,
  recipients: 1000,
  sent: 980,
  delivered: 950,
  opened: 475,
  clicked: 95,
  unsubscribed: 5,
  bounced: 20,
  softBounced: 4,
  complained: 1,
  failed: 10,
  prefetchOpens: 30,
  rates: { delivery: 95, open: 50, click: 10, clickToOpen: 20, unsubscribe: 0.5, bounce: 2, complaint: 0.1 },
  topLinks: [
    { url: "https://shop.example.com/locks", clicks: 60 },
    { url: "https://shop.example.com/sensors", clicks: 35 },
    { url: "https://shop.example.com/switches", clicks: 1 },
  ],
};

const renderFunnel = () => renderRoutes([{ path: "/", element: <FunnelAnalysis /> }]);
const figure = (testId: string) => screen.getByTestId(testId).textContent;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("funnel analysis", () => {
  it("shows all campaigns' funnel: each step with its share of the one before, and the rates", async () => {
    const { requests } = fakeFetch(ok(funnel));
    renderFunnel();

    expect(await screen.findByTestId("funnel-opened")).toBeTruthy();
    expect(screen.getByTestId("funnel-scope").textContent).toBe("Showing: All Campaigns");
    expect(new URL(requests[0]?.url ?? "").searchParams.has("campaignId")).toBe(false);
    expect(figure("funnel-recipients")).toBe("Recipients1,000");
    expect(figure("funnel-delivered")).toBe("Delivered95096.9%");
    expect(figure("funnel-opened")).toBe("Opened47550%");
    expect(figure("funnel-clicked")).toBe("Clicked9520%");
    expect(figure("rate-delivery")).toBe("Delivery rate95%");
    expect(figure("rate-click-to-open")).toBe("Click-to-open rate20%");
    expect(figure("funnel-bounced")).toBe("Bounces20Bounce rate: 2% · 4 soft (not delivered yet)");
    expect(figure("funnel-complained")).toBe("Complaints1Complaint rate: 0.1%");
  });

  it("lists the most clicked links with their clicks, one click said as one", async () => {
    fakeFetch(ok(funnel));
    renderFunnel();
    const links = within(await screen.findByTestId("top-links")).getAllByRole("listitem");
    expect(links.map((link) => link.textContent)).toEqual([
      "https://shop.example.com/locks60 people",
      "https://shop.example.com/sensors35 people",
      "https://shop.example.com/switches1 person",
    ]);
  });

  it("says when there is nothing to show yet", async () => {
    const empty = { ...funnel, recipients: 0, sent: 0, delivered: 0, opened: 0, clicked: 0, topLinks: [] };
    fakeFetch(ok(empty));
    renderFunnel();
    expect(await screen.findByTestId("funnel-recipients")).toBeTruthy();
    expect(screen.getByText("No emails have been sent yet.")).toBeTruthy();
    expect(screen.getByText("No clicks yet")).toBeTruthy();
    expect(figure("funnel-opened")).toBe("Opened00%");
  });

  it("shows why the funnel could not be loaded, and Try again loads it", async () => {
    let failing = true;
    fakeFetch(() =>
      failing ? { status: 500, body: { success: false, message: "Database unavailable" } } : ok(funnel),
    );
    renderFunnel();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Database unavailable");
    failing = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("top-links")).toBeTruthy();
  });
});
