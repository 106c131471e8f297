import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { EditSubscriberModal } from "./edit-subscriber-modal";
import { locksTag, ok, subscriberOf, vipTag } from "./test-data";

type Reply = { status?: number; body?: unknown };
const person = subscriberOf(1, { tags: [vipTag] });

function renderModal(putReply: Reply = ok(person, "Subscriber updated successfully"), tagIds = [vipTag._id]) {
  const network = fakeFetch((request) => (request.method === "GET" ? ok([vipTag, locksTag]) : putReply));
  const onClose = vi.fn();
  const view = renderRoutes([
    {
      path: "/",
      element: <EditSubscriberModal subscriberId={person._id} email={person.email} tagIds={tagIds} onClose={onClose} />,
    },
  ]);
  const toasts = () => view.store.getState().ui.notifications.map((n) => n.message);
  const put = () => network.requests.find((request) => request.method === "PUT");
  return { onClose, toasts, put };
}

async function changeEmail(value: string) {
  const email = screen.getByLabelText("Email");
  await userEvent.clear(email);
  await userEvent.type(email, value);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("edit subscriber modal", () => {
  it("sends the email trimmed, with the tags as picked", async () => {
    const { onClose, put, toasts } = renderModal();
    await changeEmail("   new.address@example.com  ");
    await userEvent.click(await screen.findByRole("checkbox", { name: /Smart Locks/ }));
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(new URL(put()?.url ?? "").pathname).toBe(`/api/newsletter/update-subscriber/${person._id}`);
    expect(await put()?.json()).toEqual({ email: "new.address@example.com", tags: [vipTag._id, locksTag._id] });
    expect(toasts()).toContain("Subscriber updated successfully");
  });

  it("requires the email", async () => {
    const { put } = renderModal();
    await userEvent.clear(screen.getByLabelText("Email"));
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Email is required")).toBeTruthy();
    expect(put()).toBeUndefined();
  });

  it("shows a taken email under the field and toasts Failed to update subscriber", async () => {
    const taken = "A subscriber with this email already exists";
    const { toasts, onClose } = renderModal({
      status: 409,
      body: { success: false, message: taken, errors: { email: taken } },
    });
    await changeEmail("someone@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    const message = await screen.findByText(taken);
    expect(screen.getByLabelText("Email").getAttribute("aria-describedby")).toContain(message.id);
    expect(toasts()).toContain("Failed to update subscriber");
    expect(onClose).not.toHaveBeenCalled();
  });

  it("says Update failed with the reason otherwise", async () => {
    renderModal({ status: 404, body: { success: false, message: "Subscriber not found" } });
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Update failed: Subscriber not found")).toBeTruthy();
  });

  it("gives Failed to update newsletter status as the reason when the server gives none", async () => {
    const { toasts } = renderModal({ status: 500, body: { success: false, message: "" } });
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Update failed: Failed to update newsletter status")).toBeTruthy();
    expect(toasts()).toContain("Failed to update subscriber");
  });

  it("holds the API's limit of 50 tags a subscriber, under the tags, without calling the server", async () => {
    const tagIds = Array.from(
      { length: 51 },
      (_, index) => `0190a5b2-0000-7000-8000-${String(500 + index).padStart(12, "0")}`,
    );
    const { put, onClose } = renderModal(undefined, tagIds);
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));

    const alert = await within(screen.getByRole("group", { name: /^Tags/ })).findByRole("alert");
    expect(alert.textContent).toContain("50");
    expect(put()).toBeUndefined();
    expect(onClose).not.toHaveBeenCalled();
  });
});
