import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { closeAllModals } from "@/modals/modal-store";
import { renderInbox } from "./inbox-test-server";

afterEach(() => {
  act(() => closeAllModals());
  vi.unstubAllGlobals();
});

describe("contact quick view", () => {
  it("shows what the visitor typed as text, never as HTML", async () => {
    const typed = '<img src=x onerror="alert(1)"><b>Need 3 locks</b>\n<script>steal()</script>';
    renderInbox({ request: typed });
    await userEvent.click(await screen.findByRole("button", { name: "View Nina Buyer's request" }));
    const dialog = await screen.findByRole("dialog", { name: "Contact Details" });

    const message = await within(dialog).findByTestId("contact-message");
    expect(message.textContent).toBe(typed);
    expect(message.querySelector("img, b, script")).toBeNull();
    for (const label of ["Name", "Email", "Phone", "Message type", "Subject", "Current status", "Created by"]) {
      expect(within(dialog).getByText(label)).toBeTruthy();
    }
    expect(within(dialog).getByText("website")).toBeTruthy();
    expect(within(dialog).getByText("Product request")).toBeTruthy();
  });
});
