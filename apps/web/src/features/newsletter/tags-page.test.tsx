import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { TagsPage } from "./tags-page";
import { locksTag, ok, vipTag } from "./test-data";

function renderPage(url = "/admin/tags", reply: (search: string) => { status?: number; body?: unknown }) {
  const network = fakeFetch((request) => reply(new URL(request.url).searchParams.get("search") ?? ""));
  const store = makeStore({
    user: {
      userInfo: { id: "me", name: "Mia Manager", email: "mia@example.com", isSuperAdmin: true },
      role: null,
    },
  });
  return {
    ...renderRoutes([{ path: "/admin/tags", element: <TagsPage /> }], { store, initialEntries: [url] }),
    ...network,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("tags page", () => {
  it("lists tags with their subscriber counts", async () => {
    renderPage(undefined, () => ok([vipTag, locksTag]));
    expect(screen.getByText("Loading tags...")).toBeTruthy();
    const row = (await screen.findByText("VIP")).closest("tr");
    expect(row && within(row).getByText("3")).toBeTruthy();
    expect(row && within(row).getByText("vip")).toBeTruthy();
  });

  it("searches after a 500 ms pause and says so when nothing matches", async () => {
    const { router, requests } = renderPage(undefined, (search) => ok(search ? [] : [vipTag]));
    await screen.findByText("VIP");
    await userEvent.type(screen.getByRole("searchbox"), "zzz");
    // Typed, not yet asked: the search waits for the pause.
    expect(requests.filter((request) => request.url.includes("search=zzz"))).toEqual([]);
    expect(await screen.findByText("No tags found", undefined, { timeout: 2000 })).toBeTruthy();
    expect(screen.getByText("Try a different search term")).toBeTruthy();
    expect(router.state.location.search).toBe("?search=zzz");
  });

  it("says Failed to load tags when the list cannot be fetched", async () => {
    renderPage(undefined, () => ({ status: 500, body: { success: false, message: "" } }));
    expect(await screen.findByText("Failed to load tags", undefined, { timeout: 4000 })).toBeTruthy();
  });

  it("deletes a tag after confirming", async () => {
    const { requests } = renderPage(undefined, () => ok([vipTag]));
    await userEvent.click(await screen.findByRole("button", { name: "Delete VIP" }));
    const confirm = screen.getByRole("dialog", { name: "Delete tag?" });
    expect(confirm.textContent).toContain("taken off 3 subscriber(s)");
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const removed = requests.find((request) => request.method === "DELETE");
    expect(new URL(removed?.url ?? "").pathname).toBe(`/api/newsletter-tags/delete-tags/${vipTag._id}`);
  });
});
