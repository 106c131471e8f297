import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { HeroBannersPage } from "./hero-banners-page";
import { bannerOf } from "./test-data";

const banners = [
  bannerOf("a", "Alpha", { displayOrder: 0 }),
  bannerOf("b", "Bravo", { displayOrder: 1 }),
  bannerOf("c", "Charlie", { displayOrder: 2 }),
];

/** The server keeps the order it was last given. */
function renderPage(permissions: string[]) {
  let current = banners;
  const { requests } = fakeFetch(async (request) => {
    if (request.method === "PUT") {
      const { ids } = (await request.json()) as { ids: string[] };
      current = ids.flatMap((id) => banners.filter((banner) => banner._id === id));
    }
    return { body: { success: true, message: "ok", data: current } };
  });
  const store = makeStore({
    user: {
      userInfo: { id: "me", name: "Ed", email: "ed@example.com", isSuperAdmin: false },
      role: { _id: "r", name: "Editor", permissions: permissions.map((name) => ({ name })) },
    },
  });
  renderRoutes([{ path: "/", element: <HeroBannersPage /> }], { store });
  return { requests };
}

const titles = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[2]?.textContent);

async function reorderBody(requests: Request[]) {
  await vi.waitFor(() => expect(requests.some((request) => request.method === "PUT")).toBe(true));
  return requests.find((request) => request.method === "PUT")?.json();
}

const editor = ["herobanner:view-hero-banners", "herobanner:update-hero-banner"];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("hero banners page", () => {
  it("moves a banner up with its arrow button and saves the whole order", async () => {
    const { requests } = renderPage(editor);
    await userEvent.click(await screen.findByRole("button", { name: "Move Bravo up" }));
    await vi.waitFor(() => expect(titles()).toEqual(["Bravo", "Alpha", "Charlie"]));
    expect(await reorderBody(requests)).toEqual({ ids: ["b", "a", "c"] });
  });

  it("reorders by dragging a row onto another", async () => {
    const { requests } = renderPage(editor);
    await screen.findByText("Alpha");
    const [, , third] = screen.getAllByRole("row").slice(1);
    const [first] = screen.getAllByRole("row").slice(1);
    if (!first || !third) throw new Error("rows missing");
    const dataTransfer = { setData: vi.fn(), effectAllowed: "", dropEffect: "" };
    fireEvent.dragStart(third, { dataTransfer });
    fireEvent.dragOver(first, { dataTransfer });
    fireEvent.drop(first, { dataTransfer });
    expect(await reorderBody(requests)).toEqual({ ids: ["c", "a", "b"] });
  });

  it("offers no reordering, editing or deleting to someone who may only view", async () => {
    renderPage(["herobanner:view-hero-banners"]);
    await screen.findByText("Alpha");
    expect(screen.queryByRole("button", { name: /^Move/ })).toBeNull();
    expect(screen.queryByRole("link", { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Delete/ })).toBeNull();
    expect(screen.getAllByRole("row")[1]?.getAttribute("draggable")).toBeNull();
  });
});
