import type { DashboardData } from "@shop/shared/schemas/dashboard";
import { screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { DashboardPage } from "./dashboard-page";

const byStatus = { notActioned: 3, inProgress: 2, completed: 5, cancelled: 0, rejected: 1, onHold: 1, total: 12 };

function renderDashboard(data: DashboardData) {
  fakeFetch({ body: { success: true, message: "ok", data } });
  renderRoutes([{ path: "/admin", element: <DashboardPage /> }], {
    store: makeStore(),
    initialEntries: ["/admin"],
  });
}

// The page shows its cards once the charts' module is in too; load it (Recharts, slow to transform on a
// busy machine) before the first test, not inside its wait for the cards.
beforeAll(async () => {
  await import("./dashboard-charts");
}, 60_000);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("dashboard", () => {
  it("shows only the blocks the API sent: contacts here", async () => {
    renderDashboard({ contacts: { byStatus, newThisWeek: 4, overdue: 0 } });
    const card = await screen.findByTestId("stat-contacts");
    // Open: not actioned, in progress and on hold.
    expect(card.textContent).toContain("6");
    expect(card.textContent).toContain("4 new this week");
    expect(screen.queryByTestId("stat-contacts-alert")).toBeNull();
    expect(screen.getByRole("heading", { name: "Contacts by status" })).toBeTruthy();
    expect(screen.queryByTestId("stat-products")).toBeNull();
    expect(screen.queryByTestId("stat-subscribers")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Subscriber growth" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Latest activity" })).toBeNull();
  });

  it("badges the open-enquiries card with the overdue count, linking to the overdue filter", async () => {
    renderDashboard({ contacts: { byStatus, newThisWeek: 4, overdue: 2 } });
    const alert = await screen.findByRole("link", { name: "2 overdue" });
    expect(alert.getAttribute("href")).toBe("/admin/contacts?overdue=true");
    expect((await screen.findByTestId("stat-contacts")).contains(alert)).toBe(true);
  });

  it("shows products, subscribers and the latest activity when they are there", async () => {
    renderDashboard({
      products: { active: 42, inactive: 3, outOfStock: 5 },
      subscribers: {
        subscribed: 1200,
        total: 1300,
        growth: [{ date: "2025-03-05", new: 4, total: 1200 }],
      },
      activity: [
        {
          _id: "l1",
          action: "Update product",
          module: "product",
          status: "Success",
          description: "Updated product Smart Lock",
          createdAt: "2025-03-05T10:30:00.000Z",
          userId: { _id: "u1", name: "Ada Admin", email: "ada@example.com" },
          ipAddress: null,
          details: null,
        },
      ],
    });
    expect((await screen.findByTestId("stat-products")).textContent).toContain("42");
    expect(screen.getByTestId("stat-subscribers").textContent).toContain("1,200");
    expect(screen.getByRole("heading", { name: "Subscriber growth" })).toBeTruthy();
    expect(screen.getByText("Updated product Smart Lock")).toBeTruthy();
    expect(screen.queryByTestId("stat-contacts")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Contacts by status" })).toBeNull();
  });

  it("says so when the role sees no block at all", async () => {
    renderDashboard({});
    expect(await screen.findByText("There is nothing on the dashboard for your role yet.")).toBeTruthy();
  });
});
