import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { ModalRoot } from "@/modals/modal-root";
import { closeAllModals } from "@/modals/modal-store";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { staffWith } from "@/test/store";
import { SubscribersPage } from "./subscribers-page";
import { locksTag, ok, subscriberOf, vipTag } from "./test-data";

const page = Array.from({ length: 20 }, (_, index) => subscriberOf(index + 1, { tags: index === 0 ? [vipTag] : [] }));

function renderPage(
  url = "/admin/newsletters/subscribers",
  { total = 45, empty = false, estimate = false, permissions = undefined as string[] | undefined } = {},
) {
  const network = fakeFetch((request) => {
    const { pathname } = new URL(request.url);
    if (pathname === "/api/newsletter-tags/get-all-tags") return ok([vipTag, locksTag]);
    return ok({
      subscribers: empty ? [] : page,
      pagination: {
        currentPage: 1,
        totalPages: Math.max(1, Math.ceil(total / 20)),
        totalSubscribers: empty ? 0 : total,
        totalIsEstimate: estimate,
        subscribersPerPage: 20,
      },
    });
  });
  const store = permissions
    ? staffWith(permissions)
    : makeStore({
        user: {
          userInfo: { id: "me", name: "Mia Manager", email: "mia@example.com", isSuperAdmin: true },
          role: null,
        },
      });
  const view = renderRoutes(
    [
      {
        path: "/admin/newsletters/subscribers",
        element: (
          <>
            <SubscribersPage />
            <ModalRoot />
          </>
        ),
      },
    ],
    { store, initialEntries: [url] },
  );
  const listCalls = () =>
    network.requests
      .map((request) => new URL(request.url))
      .filter((called) => called.pathname === "/api/newsletter/get-all-subscriber");
  return { ...view, ...network, listCalls };
}

afterEach(() => {
  act(() => closeAllModals());
  vi.unstubAllGlobals();
});

describe("subscribers page", () => {
  it("reads search, status, tag and page from the URL and asks the API for that list", async () => {
    const { listCalls } = renderPage(
      `/admin/newsletters/subscribers?search=person&status=pending&tag=${vipTag._id}&page=2`,
    );
    await screen.findByText("person1@example.com");
    const query = listCalls()[0]?.searchParams;
    expect(query?.get("search")).toBe("person");
    expect(query?.get("status")).toBe("pending");
    expect(query?.get("tagIds")).toBe(vipTag._id);
    expect(query?.get("page")).toBe("2");
    expect(screen.getByRole<HTMLSelectElement>("combobox", { name: "Status" }).value).toBe("pending");
    expect(screen.getByRole<HTMLInputElement>("searchbox", { name: "Search" }).value).toBe("person");
  });

  it("puts a new filter in the URL and goes back to page 1", async () => {
    const { router, listCalls } = renderPage("/admin/newsletters/subscribers?page=3");
    await screen.findByText("person1@example.com");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Status" }), "bounced");

    await vi.waitFor(() => expect(router.state.location.search).toBe("?status=bounced"));
    await vi.waitFor(() => expect(listCalls().at(-1)?.searchParams.get("status")).toBe("bounced"));
    expect(listCalls().at(-1)?.searchParams.get("page")).toBe("1");

    await userEvent.selectOptions(await screen.findByRole("combobox", { name: "Tag" }), locksTag._id);
    await vi.waitFor(() => expect(router.state.location.search).toBe(`?status=bounced&tag=${locksTag._id}`));
  });

  it("filters by tag for a campaign writer, whom the API lists the tags to", async () => {
    renderPage("/admin/newsletters/subscribers", {
      permissions: ["newsletter:view-subscribers", "newsletter:compose-email"],
    });
    const tagFilter = await screen.findByRole("combobox", { name: "Tag" });
    await vi.waitFor(() => expect(within(tagFilter).getByRole("option", { name: locksTag.name })).toBeTruthy());
  });

  it("says Loading subscribers... and then No subscribers found", async () => {
    renderPage(undefined, { empty: true });
    expect(screen.getByText("Loading subscribers...")).toBeTruthy();
    expect(await screen.findByText("No subscribers found")).toBeTruthy();
  });

  it("says about for an estimated total and gives an exact one as it is", async () => {
    const estimated = renderPage(undefined, { total: 100_000, estimate: true });
    expect(await screen.findByText("Showing 1 to 20 of about 100,000")).toBeTruthy();
    await userEvent.click(screen.getByRole("checkbox", { name: "Select all on this page" }));
    expect(
      within(screen.getByTestId("selection-bar")).getByRole("button", {
        name: "Select all about 100,000 subscribers matching the current filter",
      }),
    ).toBeTruthy();
    estimated.unmount();

    renderPage("/admin/newsletters/subscribers?status=subscribed", { total: 45 });
    expect(await screen.findByText("Showing 1 to 20 of 45")).toBeTruthy();
  });

  it("says about for a filtered list the server estimated (more than 10,000 matches are not counted)", async () => {
    renderPage("/admin/newsletters/subscribers?status=subscribed", { total: 99_812, estimate: true });
    expect(await screen.findByText("Showing 1 to 20 of about 99,812")).toBeTruthy();
    await userEvent.click(screen.getByRole("checkbox", { name: "Select all on this page" }));
    expect(screen.getByTestId("selection-bar").textContent).toContain(
      "Select all about 99,812 subscribers matching the current filter",
    );
  });

  it("offers every subscriber matching the filter once the whole page is ticked, and tags them by filter", async () => {
    renderPage("/admin/newsletters/subscribers?status=subscribed");
    await screen.findByText("person1@example.com");
    await userEvent.click(screen.getByRole("checkbox", { name: "Select all on this page" }));

    const bar = screen.getByTestId("selection-bar");
    expect(bar.textContent).toContain("20 selected");
    expect(bar.textContent).toContain("All 20 subscribers on this page are selected.");
    await userEvent.click(
      within(bar).getByRole("button", { name: "Select all 45 subscribers matching the current filter" }),
    );
    expect(bar.textContent).toContain("45 selected");

    await userEvent.click(within(bar).getByRole("button", { name: "Assign Tags" }));
    const dialog = await screen.findByRole("dialog", { name: "Assign Tags" });
    expect(dialog.textContent).toContain("all 45 subscribers matching the current filter");
  });

  it("opens Assign Tags with the ticked subscribers' count", async () => {
    renderPage();
    await screen.findByText("person1@example.com");
    await userEvent.click(screen.getByRole("checkbox", { name: "Select person1@example.com" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Select person2@example.com" }));
    await userEvent.click(within(screen.getByTestId("selection-bar")).getByRole("button", { name: "Assign Tags" }));
    const dialog = await screen.findByRole("dialog", { name: "Assign Tags" });
    expect(dialog.textContent).toContain("2 selected subscriber(s)");
  });

  it("deletes a subscriber after confirming", async () => {
    const { requests } = renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Delete person2@example.com" }));
    const confirm = screen.getByRole("dialog", { name: "Delete subscriber?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog", { name: "Delete subscriber?" })).toBeNull());
    const removed = requests.find((request) => request.method === "DELETE");
    expect(new URL(removed?.url ?? "").pathname).toBe(`/api/newsletter/delete-subscriber/${page[1]?._id}`);
  });
});
