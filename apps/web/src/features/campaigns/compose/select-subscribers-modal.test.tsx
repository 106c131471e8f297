import type { SubscriberDto } from "@shop/shared/schemas/newsletter";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ModalRoot } from "@/modals/modal-root";
import { closeAllModals, openModal } from "@/modals/modal-store";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { ok } from "../test-data";

function subscriberOf(index: number): SubscriberDto {
  return {
    _id: `0190a5b2-0000-7000-8000-${String(index).padStart(12, "0")}`,
    email: `person${index}@example.com`,
    name: null,
    status: "subscribed",
    source: "footer",
    tags: [],
    consentIp: null,
    consentSource: null,
    consentAt: null,
    subscribedAt: "2025-03-05T10:00:00.000Z",
    unsubscribedAt: null,
    createdAt: "2025-03-05T10:00:00.000Z",
    updatedAt: "2025-03-05T10:00:00.000Z",
  };
}

const everyone = Array.from({ length: 25 }, (_, index) => subscriberOf(index + 1));

function renderModal(selectedIds: string[] = []) {
  const network = fakeFetch((request) => {
    const search = new URL(request.url).searchParams.get("search") ?? "";
    const subscribers = everyone.filter((subscriber) => subscriber.email.includes(search));
    return ok({
      subscribers,
      pagination: { currentPage: 1, totalPages: 1, totalSubscribers: subscribers.length, subscribersPerPage: 100 },
    });
  });
  const onSubmit = vi.fn();
  renderRoutes([{ path: "/", element: <ModalRoot /> }]);
  act(() => void openModal("selectSubscribers", { selectedIds, onSubmit }));
  return { ...network, onSubmit };
}

const dialog = () => screen.getByRole("dialog", { name: "Select Subscribers" });
const emailsShown = () =>
  within(dialog())
    .getAllByText(/^person\d+@example\.com$/)
    .map((cell) => cell.textContent);

/** A search waits out the debounce, then the network: give a busy machine time. */
const slow = { timeout: 4000 };

afterEach(() => {
  act(() => closeAllModals());
  vi.unstubAllGlobals();
});

describe("Select Subscribers", () => {
  it("loads the 100 newest subscribed people and shows them 10 a page", async () => {
    const { requests } = renderModal();
    expect(await screen.findByText("Loading subscribers...", undefined, slow)).toBeTruthy();
    await within(dialog()).findByText("person1@example.com", undefined, slow);
    expect(emailsShown()).toHaveLength(10);
    expect(within(dialog()).getByText("Showing 1 to 10 of 25")).toBeTruthy();

    const query = new URL(requests[0]?.url ?? "").searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      limit: "100",
      sortBy: "createdAt",
      sortOrder: "desc",
      status: "subscribed",
    });

    await userEvent.click(within(dialog()).getByRole("button", { name: "Page 3" }));
    expect(emailsShown()).toEqual([
      "person21@example.com",
      "person22@example.com",
      "person23@example.com",
      "person24@example.com",
      "person25@example.com",
    ]);
  });

  it("searches by email", async () => {
    const { requests } = renderModal();
    await within(dialog()).findByText("person1@example.com", undefined, slow);
    await userEvent.type(within(dialog()).getByRole("searchbox", { name: "Search by email" }), "person2");
    await vi.waitFor(() => expect(new URL(requests.at(-1)?.url ?? "").searchParams.get("search")).toBe("person2"));
    await within(dialog()).findByText("Showing 1 to 7 of 7", undefined, slow);
  });

  it("ticks subscribers across pages and hands the ids back on Submit", async () => {
    const { onSubmit } = renderModal([everyone[24]?._id ?? ""]);
    await within(dialog()).findByText("person1@example.com", undefined, slow);
    expect(within(dialog()).getByText("1 selected")).toBeTruthy();
    await userEvent.click(within(dialog()).getByRole("checkbox", { name: "Select person1@example.com" }));
    await userEvent.click(within(dialog()).getByRole("checkbox", { name: "Select person2@example.com" }));
    await userEvent.click(within(dialog()).getByRole("button", { name: "Next" }));
    await userEvent.click(within(dialog()).getByRole("checkbox", { name: "Select person11@example.com" }));
    await userEvent.click(within(dialog()).getByRole("button", { name: "Prev" }));
    await userEvent.click(within(dialog()).getByRole("checkbox", { name: "Select person2@example.com" }));
    expect(within(dialog()).getByText("3 selected")).toBeTruthy();

    await userEvent.click(within(dialog()).getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith([everyone[24]?._id, everyone[0]?._id, everyone[10]?._id]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("selects a whole page with the heading's checkbox", async () => {
    const { onSubmit } = renderModal();
    await within(dialog()).findByText("person1@example.com", undefined, slow);
    await userEvent.click(within(dialog()).getByRole("checkbox", { name: "Select all on this page" }));
    expect(within(dialog()).getByText("10 selected")).toBeTruthy();
    await userEvent.click(within(dialog()).getByRole("button", { name: "Submit" }));
    expect(onSubmit.mock.calls[0]?.[0]).toHaveLength(10);
  });
});
