import type { SuppressionDto } from "@shop/shared/schemas/suppressions";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { SuppressionsPage } from "./suppressions-page";
import { ok } from "./test-data";

const gone: SuppressionDto = {
  _id: "0190a5d0-0000-7000-8000-000000000001",
  email: "gone@example.com",
  reason: "hard-bounce",
  createdAt: "2026-11-20T10:00:00.000Z",
};
const erased: SuppressionDto = {
  _id: "0190a5d0-0000-7000-8000-000000000002",
  email: `sha256:${"a".repeat(64)}`,
  reason: "erased",
  createdAt: "2026-11-21T10:00:00.000Z",
};
const page = (suppressions: SuppressionDto[]) =>
  ok({ suppressions, pagination: { currentPage: 1, totalPages: 1, totalSuppressions: suppressions.length } });

function renderPage(reply: (request: Request) => { status?: number; body?: unknown }) {
  const network = fakeFetch(reply);
  const store = makeStore({
    user: { userInfo: { id: "me", name: "Mia Manager", email: "mia@example.com", isSuperAdmin: true }, role: null },
  });
  const url = "/admin/newsletters/suppressions";
  return {
    ...renderRoutes([{ path: url, element: <SuppressionsPage /> }], { store, initialEntries: [url] }),
    ...network,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("suppression list page", () => {
  it("lists suppressed addresses with their reason, naming an erased one without its hash", async () => {
    renderPage(() => page([gone, erased]));
    expect(screen.getByText("Loading suppressions...")).toBeTruthy();
    const row = (await screen.findByText("gone@example.com")).closest("tr");
    expect(row && within(row).getByText("hard bounce")).toBeTruthy();
    expect(screen.getByText("Erased address (only its hash is kept)")).toBeTruthy();
    expect(screen.queryByText(/sha256:/)).toBeNull();
  });

  it("says so when the list is empty, and when it cannot be loaded", async () => {
    const { unmount } = renderPage(() => page([]));
    expect(await screen.findByText("No suppressed addresses")).toBeTruthy();
    unmount();
    renderPage(() => ({ status: 500, body: { success: false, message: "" } }));
    expect(await screen.findByText("Failed to load the suppression list", undefined, { timeout: 4000 })).toBeTruthy();
  });

  it("lifts a suppression after confirming", async () => {
    const { requests } = renderPage((request) => (request.method === "DELETE" ? ok(null) : page([gone])));
    await userEvent.click(await screen.findByRole("button", { name: "Lift suppression of gone@example.com" }));
    const confirm = screen.getByRole("dialog", { name: "Lift suppression?" });
    expect(confirm.textContent).toContain("gone@example.com is suppressed (hard bounce)");
    await userEvent.click(within(confirm).getByRole("button", { name: "Lift" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const lifted = requests.find((request) => request.method === "DELETE");
    expect(new URL(lifted?.url ?? "").pathname).toBe(`/api/newsletter/suppressions/${gone._id}`);
  });
});
