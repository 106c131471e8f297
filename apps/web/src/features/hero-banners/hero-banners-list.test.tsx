import type { HeroBannerDto } from "@shop/shared/schemas/hero-banners";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatDate } from "@/lib/format";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { rowNamed } from "@/test/rows";
import { staffWith, toastsOf } from "@/test/store";
import { HeroBannersPage } from "./hero-banners-page";
import { bannerOf } from "./test-data";

const manager = ["herobanner:view-hero-banners", "herobanner:update-hero-banner", "herobanner:delete-hero-banner"];

/** The banners API with state: a DELETE takes the banner out of the next list. */
function fakeBannersApi(initial: HeroBannerDto[]) {
  const banners = [...initial];
  return fakeFetch((request) => {
    if (request.method === "DELETE") {
      banners.splice(
        banners.findIndex((banner) => request.url.endsWith(`/${banner._id}`)),
        1,
      );
    }
    return { body: { success: true, message: "ok", data: banners } };
  });
}

function renderPage(permissions = manager) {
  return renderRoutes([{ path: "/admin/hero-banners", element: <HeroBannersPage /> }], {
    store: staffWith(permissions),
    initialEntries: ["/admin/hero-banners"],
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("hero banners list", () => {
  it("says whether each banner is active and when it shows", async () => {
    fakeBannersApi([
      bannerOf("a", "Spring sale", { startsAt: "2025-03-01T12:00:00.000Z", endsAt: "2025-03-31T12:00:00.000Z" }),
      bannerOf("b", "Winter", { isActive: false, endsAt: "2025-02-28T12:00:00.000Z" }),
      bannerOf("c", "Welcome"),
    ]);
    renderPage();
    await screen.findByText("Spring sale");
    expect(within(rowNamed("Spring sale")).getByText("Active")).toBeTruthy();
    // Dates as the page formats them, in the machine's time zone.
    const day = (iso: string) => formatDate(iso);
    expect(
      within(rowNamed("Spring sale")).getByText(
        `${day("2025-03-01T12:00:00.000Z")} – ${day("2025-03-31T12:00:00.000Z")}`,
      ),
    ).toBeTruthy();
    expect(within(rowNamed("Winter")).getByText("Inactive")).toBeTruthy();
    expect(within(rowNamed("Winter")).getByText(`Until ${day("2025-02-28T12:00:00.000Z")}`)).toBeTruthy();
    expect(within(rowNamed("Welcome")).getByText("Always")).toBeTruthy();
    expect(within(rowNamed("Welcome")).getByRole("link", { name: "Edit Welcome" }).getAttribute("href")).toBe(
      "/admin/hero-banners/edit?id=c",
    );
  });

  it("deletes a banner after confirming, and it leaves the list", async () => {
    const { requests } = fakeBannersApi([bannerOf("a", "Spring sale"), bannerOf("b", "Winter")]);
    const { store } = renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Delete Winter" }));
    const dialog = screen.getByRole("dialog", { name: "Delete hero banner?" });
    expect(within(dialog).getByText("The banner Winter will be deleted. This cannot be undone.")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));

    await vi.waitFor(() => expect(screen.queryByText("Winter")).toBeNull());
    const deleted = requests.find((request) => request.method === "DELETE");
    expect(new URL(deleted?.url ?? "").pathname).toBe("/api/hero-banners/b");
    expect(toastsOf(store)).toContain("Hero banner deleted successfully");
  });

  it("says there are no banners yet, and the list's load error with Try again", async () => {
    fakeBannersApi([]);
    const view = renderPage();
    expect(await screen.findByText("No hero banners yet")).toBeTruthy();
    expect(screen.getByText("Add a banner to show it at the top of the home page.")).toBeTruthy();
    view.unmount();

    let failing = true;
    fakeFetch(() =>
      failing
        ? { status: 500, body: { success: false, message: "Database unavailable" } }
        : { body: { success: true, message: "ok", data: [bannerOf("a", "Spring sale")] } },
    );
    renderPage();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Database unavailable")).toBeTruthy();
    failing = false;
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Spring sale")).toBeTruthy();
  });
});
