import type { SubscriberFilter } from "@shop/shared/schemas/newsletter";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { AssignTagsModal } from "./assign-tags-modal";
import { locksTag, ok, vipTag } from "./test-data";

type Reply = { status?: number; body?: unknown };

function renderModal(
  props: { selectedCount: number; subscriberIds: string[]; filter?: SubscriberFilter },
  assignReply: Reply = ok({ count: 2 }, "Tags assigned successfully!"),
) {
  const network = fakeFetch((request) => (request.method === "GET" ? ok([vipTag, locksTag]) : assignReply));
  const onClose = vi.fn();
  const onAssigned = vi.fn();
  const view = renderRoutes([
    { path: "/", element: <AssignTagsModal {...props} onAssigned={onAssigned} onClose={onClose} /> },
  ]);
  const toasts = () => view.store.getState().ui.notifications.map((n) => n.message);
  const posts = () => network.requests.filter((request) => request.method === "POST");
  return { ...network, onClose, onAssigned, toasts, posts };
}

const assignButton = () => screen.getByRole<HTMLButtonElement>("button", { name: "Assign Tags" });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("assign tags modal", () => {
  it("shows how many subscribers are selected", async () => {
    renderModal({ selectedCount: 2, subscriberIds: ["a", "b"] });
    const dialog = screen.getByRole("dialog", { name: "Assign Tags" });
    expect(dialog.textContent).toContain("Choose the tags to add to 2 selected subscriber(s).");
  });

  it("does nothing without a selected tag", async () => {
    const { posts, onClose } = renderModal({ selectedCount: 2, subscriberIds: ["a", "b"] });
    await screen.findByRole("checkbox", { name: /VIP/ });
    expect(assignButton().disabled).toBe(true);
    await userEvent.click(assignButton());
    expect(posts()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("searches tags by name or slug", async () => {
    renderModal({ selectedCount: 1, subscriberIds: ["a"] });
    await screen.findByRole("checkbox", { name: /VIP/ });
    await userEvent.type(screen.getByRole("searchbox", { name: "Search tags" }), "smart-lo");
    expect(screen.queryByRole("checkbox", { name: /VIP/ })).toBeNull();
    expect(screen.getByRole("checkbox", { name: /Smart Locks/ })).toBeTruthy();
    await userEvent.clear(screen.getByRole("searchbox", { name: "Search tags" }));
    await userEvent.type(screen.getByRole("searchbox", { name: "Search tags" }), "nothing like it");
    expect(screen.getByText("No tags found matching your search")).toBeTruthy();
  });

  it("tags the picked subscribers by id, toasts and closes", async () => {
    const { posts, onClose, onAssigned, toasts } = renderModal({ selectedCount: 2, subscriberIds: ["a", "b"] });
    await userEvent.click(await screen.findByRole("checkbox", { name: /VIP/ }));
    await userEvent.click(assignButton());

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = posts()[0];
    expect(new URL(post?.url ?? "").pathname).toBe("/api/newsletter/assign-bulk-tags");
    expect(await post?.json()).toEqual({ tagIds: [vipTag._id], subscriberIds: ["a", "b"] });
    expect(toasts()).toContain("Tags assigned successfully!");
    expect(onAssigned).toHaveBeenCalled();
  });

  it("tags everyone matching the filter when given one", async () => {
    const filter = { search: "example.com", status: "subscribed" as const };
    const { posts } = renderModal({ selectedCount: 1234, subscriberIds: [], filter });
    expect(screen.getByRole("dialog").textContent).toContain("all 1,234 subscribers matching the current filter");
    await userEvent.click(await screen.findByRole("checkbox", { name: /Smart Locks/ }));
    await userEvent.click(assignButton());

    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    expect(await posts()[0]?.json()).toEqual({ tagIds: [locksTag._id], filter });
  });

  it("says Something went wrong while assigning tags when it fails", async () => {
    const { onClose, toasts } = renderModal(
      { selectedCount: 1, subscriberIds: ["a"] },
      { status: 400, body: { success: false, message: "Tag not found" } },
    );
    await userEvent.click(await screen.findByRole("checkbox", { name: /VIP/ }));
    await userEvent.click(assignButton());
    expect(await screen.findByText("Tag not found")).toBeTruthy();
    expect(toasts()).toContain("Something went wrong while assigning tags");
    expect(onClose).not.toHaveBeenCalled();
  });

  it("says No tags available when there are none", async () => {
    fakeFetch(ok([]));
    renderRoutes([
      { path: "/", element: <AssignTagsModal selectedCount={1} subscriberIds={["a"]} onClose={() => undefined} /> },
    ]);
    expect(await screen.findByText("No tags available")).toBeTruthy();
  });
});
