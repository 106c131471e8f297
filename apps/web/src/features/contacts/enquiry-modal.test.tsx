import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { EnquiryModal, enquiryAutoCloseMs } from "./enquiry-modal";

const productName = "Aura Touch Switch — 1 Gang";

function renderModal(store = makeStore()) {
  const onClose = vi.fn();
  renderRoutes([{ path: "/", element: <EnquiryModal productName={productName} onClose={onClose} /> }], { store });
  return {
    onClose,
    store,
    name: screen.getByLabelText("Full Name"),
    email: screen.getByLabelText("Email Address"),
    phone: screen.getByLabelText("Phone Number"),
    submit: screen.getByRole("button", { name: "Submit" }),
  };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, fields: ReturnType<typeof renderModal>) {
  await user.type(fields.name, "Jane Doe");
  await user.type(fields.email, "jane@example.com");
  await user.type(fields.phone, "0123456789");
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Get Product Information modal", () => {
  it("is titled per the spec, links the privacy page and starts with submit disabled", () => {
    const { submit } = renderModal();
    expect(screen.getByRole("dialog", { name: "Get Product Information" })).toBeTruthy();
    expect(screen.getByRole("link", { name: /Privacy Policy/ }).getAttribute("href")).toBe("/privacy");
    expect(submit).toHaveProperty("disabled", true);
  });

  it("validates on change with the spec's messages and keeps submit disabled until every field is valid", async () => {
    const user = userEvent.setup();
    const fields = renderModal();

    await user.type(fields.name, "J");
    expect(await screen.findByText("Name must be at least 2 characters")).toBeTruthy();
    await user.type(fields.email, "jane@");
    expect(await screen.findByText("Please enter a valid email address")).toBeTruthy();
    await user.type(fields.phone, "12345");
    expect(await screen.findByText("Phone number must be exactly 10 digits")).toBeTruthy();
    expect(fields.submit).toHaveProperty("disabled", true);

    await user.type(fields.name, "ane");
    await user.type(fields.email, "example.com");
    await user.type(fields.phone, "67890");
    await waitFor(() => expect(fields.submit).toHaveProperty("disabled", false));
    expect(screen.queryByText("Name must be at least 2 characters")).toBeNull();
    expect(screen.queryByText("Phone number must be exactly 10 digits")).toBeNull();
  });

  it("posts the fields with the fixed subject, type, author and request, then thanks and closes after 2 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { requests } = fakeFetch({ status: 201, body: { success: true, message: "ok", data: { _id: "c1" } } });
    const fields = renderModal();

    await fillValid(user, fields);
    await waitFor(() => expect(fields.submit).toHaveProperty("disabled", false));
    await user.click(fields.submit);

    expect(await screen.findByText("Thank You!")).toBeTruthy();
    expect(screen.getByText("Inquiry Submitted Successfully!")).toBeTruthy();
    expect(screen.getByText("Our team will contact you within 24 hours")).toBeTruthy();
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]?.url ?? "").pathname).toBe("/api/contacts");
    expect(await requests[0]?.json()).toEqual({
      name: "Jane Doe",
      email: "jane@example.com",
      phone: "0123456789",
      subject: "Product Buy",
      messageType: "productRequest",
      createdBy: "website",
      request: `Inquiry about ${productName}`,
      website: "",
    });

    act(() => vi.advanceTimersByTime(enquiryAutoCloseMs - 100));
    expect(fields.onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(fields.onClose).toHaveBeenCalledTimes(1);
  });

  it("cannot be closed while submitting: no Escape, no close button", async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const fields = renderModal();
    await fillValid(user, fields);
    await waitFor(() => expect(fields.submit).toHaveProperty("disabled", false));
    await user.click(fields.submit);

    expect(await screen.findByRole("button", { name: "Submitting..." })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Close" })).toHaveProperty("disabled", true);
    await user.keyboard("{Escape}");
    expect(fields.onClose).not.toHaveBeenCalled();

    answer(new Response(JSON.stringify({ success: true, message: "ok" }), { status: 201 }));
    expect(await screen.findByText("Thank You!")).toBeTruthy();
  });

  it("says so in a toast and in the form when sending fails, and stays open", async () => {
    const user = userEvent.setup();
    fakeFetch({ status: 500, body: { success: false, message: "" } });
    const fields = renderModal();
    await fillValid(user, fields);
    await waitFor(() => expect(fields.submit).toHaveProperty("disabled", false));
    await user.click(fields.submit);

    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      "Failed to submit inquiry. Please try again.",
    );
    expect(fields.store.getState().ui.notifications).toEqual([
      expect.objectContaining({ message: "Failed to submit inquiry. Please try again.", type: "error" }),
    ]);
    expect(fields.onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Submit" })).toHaveProperty("disabled", false);
  });
});
