import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { ActivityLogsPage } from "./activity-logs-page";

const log = {
  _id: "l1",
  action: "Update product",
  module: "product",
  status: "Success",
  description: "Updated product Smart Lock",
  createdAt: "2025-03-05T10:30:00.000Z",
  userId: { _id: "u1", name: "Ada Admin", email: "ada@example.com" },
  ipAddress: "127.0.0.1",
  details: null,
};

function renderPage(permissions: string[]) {
  const network = fakeFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === "/api/activity-logs/export")
      return { body: { success: false, message: "Not allowed" }, status: 403 };
    if (pathname === "/api/users/get-all-users") {
      return { body: { success: true, message: "ok", data: { users: [], pagination: { totalUsers: 0 } } } };
    }
    return {
      body: {
        success: true,
        message: "ok",
        data: { logs: [log], pagination: { currentPage: 1, totalPages: 1, totalLogs: 1, logsPerPage: 20 } },
      },
    };
  });
  const store = makeStore({
    user: {
      userInfo: { id: "me", name: "Aud Itor", email: "aud@example.com", isSuperAdmin: false },
      role: { _id: "r", name: "Auditor", permissions: permissions.map((name) => ({ name })) },
    },
  });
  const view = renderRoutes([{ path: "/admin/activity-logs", element: <ActivityLogsPage /> }], {
    store,
    initialEntries: ["/admin/activity-logs"],
  });
  return { ...network, ...view };
}

const logRequests = (requests: Request[]) =>
  requests.map((request) => new URL(request.url)).filter((url) => url.pathname === "/api/activity-logs");

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("activity logs page", () => {
  it("lists entries and narrows them by module and status, back on page 1", async () => {
    const { requests, router } = renderPage(["activitylog:view-activity-logs"]);
    expect(await screen.findByText("Updated product Smart Lock")).toBeTruthy();
    expect(screen.getByText("Showing 1 to 1 of 1")).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText("Module"), "product");
    await userEvent.selectOptions(screen.getByLabelText("Status"), "Failure");
    await vi.waitFor(() => {
      const last = logRequests(requests).at(-1);
      expect(last?.searchParams.get("module")).toBe("product");
      expect(last?.searchParams.get("status")).toBe("Failure");
      expect(last?.searchParams.get("page")).toBe("1");
    });
    expect(router.state.location.search).toBe("?module=product&status=Failure");
  });

  it("offers the user filter only to those who may list users", async () => {
    renderPage(["activitylog:view-activity-logs"]);
    await screen.findByText("Updated product Smart Lock");
    expect(screen.queryByLabelText("User")).toBeNull();
  });

  it("asks the export endpoint for the same filters and says when it fails", async () => {
    const { requests, store } = renderPage(["activitylog:view-activity-logs", "user:view-users"]);
    expect(await screen.findByLabelText("User")).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText("Status"), "Warning");
    await userEvent.click(screen.getByRole("button", { name: "Export CSV" }));

    await vi.waitFor(() => expect(store.getState().ui.notifications.map((n) => n.message)).toContain("Not allowed"));
    const exported = requests.map((request) => new URL(request.url)).find((url) => url.pathname.endsWith("/export"));
    expect(exported?.searchParams.get("status")).toBe("Warning");
    expect(exported?.searchParams.has("page")).toBe(false);
  });
});
