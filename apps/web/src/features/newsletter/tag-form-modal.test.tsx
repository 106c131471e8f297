import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { TagFormModal } from "./tag-form-modal";
import { ok, vipTag } from "./test-data";

type Reply = { status?: number; body?: unknown };

function renderModal(reply: Reply, tag?: typeof vipTag) {
  const network = fakeFetch(reply);
  const onClose = vi.fn();
  const view = renderRoutes([{ path: "/", element: <TagFormModal tag={tag} onClose={onClose} /> }]);
  const toasts = () => view.store.getState().ui.notifications.map((n) => n.message);
  return { ...network, onClose, toasts };
}

const submit = (name: string) => screen.getByRole<HTMLButtonElement>("button", { name });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("tag modal", () => {
  it("keeps Create Tag disabled while the name is blank, spaces included", async () => {
    renderModal(ok(vipTag));
    expect(screen.getByRole("dialog", { name: "Create Tag" })).toBeTruthy();
    expect(submit("Create Tag").disabled).toBe(true);
    await userEvent.type(screen.getByLabelText(/Tag Name/), "   ");
    expect(submit("Create Tag").disabled).toBe(true);
    await userEvent.type(screen.getByLabelText(/Tag Name/), "V");
    expect(submit("Create Tag").disabled).toBe(false);
  });

  it("previews the slug as the name is typed: lowercase, whitespace runs as hyphens", async () => {
    renderModal(ok(vipTag));
    await userEvent.type(screen.getByLabelText(/Tag Name/), "Smart   Home Locks");
    expect(screen.getByTestId("slug-preview").textContent).toBe("Slug: smart-home-locks");
  });

  it("creates the tag with its slug and closes", async () => {
    const { requests, onClose, toasts } = renderModal({ status: 201, ...ok(vipTag, "Tag created successfully") });
    await userEvent.type(screen.getByLabelText(/Tag Name/), "  Smart Home ");
    await userEvent.type(screen.getByLabelText(/Description/), "People with a hub");
    await userEvent.click(submit("Create Tag"));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = requests.find((request) => request.method === "POST");
    expect(new URL(post?.url ?? "").pathname).toBe("/api/newsletter-tags/tags");
    expect(await post?.json()).toEqual({ name: "Smart Home", slug: "smart-home", description: "People with a hub" });
    expect(toasts()).toContain("Tag created successfully");
  });

  it("edits a tag in place, and says Failed to update tag. when the name is taken", async () => {
    const taken = "A tag with this name already exists";
    const { requests, onClose, toasts } = renderModal(
      { status: 409, body: { success: false, message: taken, errors: { name: taken } } },
      vipTag,
    );
    expect(screen.getByRole("dialog", { name: "Edit Tag" })).toBeTruthy();
    const name = screen.getByLabelText<HTMLInputElement>(/Tag Name/);
    expect(name.value).toBe("VIP");
    await userEvent.clear(name);
    await userEvent.type(name, "Smart Locks");
    await userEvent.click(submit("Save changes"));

    expect(await screen.findByText(taken)).toBeTruthy();
    const put = requests.find((request) => request.method === "PUT");
    expect(new URL(put?.url ?? "").pathname).toBe(`/api/newsletter-tags/update-tags/${vipTag._id}`);
    expect(toasts()).toContain("Failed to update tag.");
    expect(onClose).not.toHaveBeenCalled();
  });

  it("says Failed to create tag. when creating fails", async () => {
    const { toasts } = renderModal({ status: 500, body: { success: false, message: "" } });
    await userEvent.type(screen.getByLabelText(/Tag Name/), "VIP");
    await userEvent.click(submit("Create Tag"));
    expect(await screen.findByText("Failed to create tag")).toBeTruthy();
    expect(toasts()).toContain("Failed to create tag.");
  });
});
