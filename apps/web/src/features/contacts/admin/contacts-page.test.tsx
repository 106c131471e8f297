import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { closeAllModals } from "@/modals/modal-store";
import { contactId, renderInbox } from "./inbox-test-server";

const count = (status: string) => screen.getByTestId(`contact-count-${status}`).textContent;

afterEach(() => {
  act(() => closeAllModals());
  vi.unstubAllGlobals();
});

describe("contacts inbox", () => {
  it("shows each status's count on its tab, and a tab filters the list", async () => {
    const { router, requests } = renderInbox();
    await screen.findByText("Nina Buyer");
    await vi.waitFor(() => expect(count("notActioned")).toBe("1"));
    expect(count("all")).toBe("1");
    expect(count("completed")).toBe("0");

    await userEvent.click(screen.getByRole("button", { name: /^Completed/ }));
    expect(router.state.location.search).toBe("?status=completed");
    expect(await screen.findByText("No contact requests found")).toBeTruthy();
    const last = requests.map((request) => new URL(request.url)).filter((url) => url.pathname === "/api/contacts");
    expect(last.at(-1)?.searchParams.get("status")).toBe("completed");
  });

  it("changes a status in the Contact Details modal, and the tabs follow", async () => {
    const { requests, store } = renderInbox();
    await userEvent.click(await screen.findByRole("button", { name: "View Nina Buyer's request" }));
    const dialog = await screen.findByRole("dialog", { name: "Contact Details" });
    expect(await within(dialog).findByText("Product Buy")).toBeTruthy();

    await userEvent.selectOptions(within(dialog).getByLabelText("Change status"), "inProgress");

    await vi.waitFor(() => expect(count("inProgress")).toBe("1"));
    expect(count("notActioned")).toBe("0");
    const put = requests.find((request) => request.method === "PUT");
    expect(new URL(put?.url ?? "").pathname).toBe(`/api/contacts/${contactId}`);
    expect(await put?.json()).toEqual({ status: "inProgress" });
    expect(within(dialog).getAllByText("In Progress").length).toBeGreaterThan(0);
    expect(store.getState().ui.notifications.map((n) => n.message)).toContain("Status updated: In Progress");
  });
});
