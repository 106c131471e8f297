import type { HeroBannerDto } from "@shop/shared/schemas/hero-banners";
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { HeroBannerCreatePage } from "./hero-banner-create-page";
import { HeroBannerEditPage } from "./hero-banner-edit-page";

const bannerId = "0195a1b2-0000-7000-8000-0000000000b1";
const banner: HeroBannerDto = {
  _id: bannerId,
  title: "Spring sale",
  subtitle: "Locks for less",
  image: "/uploads/banners/cccc-800.webp",
  ctaLabel: "Shop now",
  ctaLink: "/shop",
  displayOrder: 2,
  isActive: true,
  startsAt: "2025-06-01T00:00:00.000Z",
  endsAt: null,
  createdAt: "2025-03-05T10:00:00.000Z",
  updatedAt: "2025-03-05T10:00:00.000Z",
};

function renderForm(initialEntry: string) {
  const network = fakeFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === "/api/hero-banners/all") return { body: { success: true, message: "ok", data: [banner] } };
    if (request.method === "GET") return { body: { success: true, message: "ok", data: banner } };
    return { body: { success: true, message: "Saved", data: banner } };
  });
  const view = renderRoutes(
    [
      { path: "/admin/hero-banners", element: <p>Banner list</p> },
      { path: "/admin/hero-banners/create", element: <HeroBannerCreatePage /> },
      { path: "/admin/hero-banners/edit", element: <HeroBannerEditPage /> },
    ],
    { store: makeStore(), initialEntries: [initialEntry] },
  );
  return { ...network, ...view };
}

/** Date inputs take a typed value in one go. */
function setDate(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("hero banner form", () => {
  it("refuses an end date before the start date, and a banner without an image", async () => {
    const { requests } = renderForm("/admin/hero-banners/create");
    await userEvent.type(await screen.findByLabelText("Title"), "Summer");
    setDate("Start date", "2025-07-10");
    setDate("End date", "2025-07-01");
    await userEvent.click(screen.getByRole("button", { name: "Create banner" }));

    expect(await screen.findByText("The end date cannot be before the start date")).toBeTruthy();
    expect(screen.getByText("Image is required")).toBeTruthy();
    expect(requests.filter((request) => request.method !== "GET")).toEqual([]);
    // A new banner is offered the place after the last one.
    expect(screen.getByLabelText<HTMLInputElement>("Display order").value).toBe("3");
  });

  it("edits the banner named in ?id= and sends only what changed", async () => {
    const { requests, router } = renderForm(`/admin/hero-banners/edit?id=${bannerId}`);
    expect(await screen.findByDisplayValue("Spring sale")).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("Start date").value).toBe("2025-06-01");
    setDate("End date", "2025-06-30");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/admin/hero-banners"));
    const put = requests.find((request) => request.method === "PUT");
    expect(new URL(put?.url ?? "").pathname).toBe(`/api/hero-banners/${bannerId}`);
    expect(await put?.json()).toEqual({ endsAt: "2025-06-30" });
  });

  it("saves a one-day banner: the end date may be the start date", async () => {
    const { requests, router } = renderForm(`/admin/hero-banners/edit?id=${bannerId}`);
    expect(await screen.findByDisplayValue("Spring sale")).toBeTruthy();
    setDate("End date", "2025-06-01");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/admin/hero-banners"));
    const put = requests.find((request) => request.method === "PUT");
    expect(await put?.json()).toEqual({ endsAt: "2025-06-01" });
  });
});
