import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { ModalRoot } from "./modal-root";
import { closeAllModals, openModal } from "./modal-store";

afterEach(() => {
  act(() => closeAllModals());
  vi.unstubAllGlobals();
});

describe("global modals", () => {
  it("opens a modal by id as an accessible dialog labelled by its title", async () => {
    // The enquiry modal posts through the store, the data cache and links to the privacy page.
    renderRoutes([{ path: "/", element: <ModalRoot /> }]);
    act(() => {
      openModal("contact", { productName: "Smart Lock" });
    });

    const dialog = await screen.findByRole("dialog", { name: "Get Product Information" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
  });

  it("closes the top modal on Escape and hands focus back", async () => {
    renderRoutes([
      {
        path: "/",
        element: (
          <>
            <button type="button">opener</button>
            <ModalRoot />
          </>
        ),
      },
    ]);
    const opener = screen.getByRole("button", { name: "opener" });
    opener.focus();
    act(() => {
      openModal("createTag", {});
    });
    const dialog = await screen.findByRole("dialog", { name: "Create Tag" });
    expect(dialog.contains(document.activeElement)).toBe(true);

    await userEvent.keyboard("{Escape}");

    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("keeps Tab inside the dialog", async () => {
    // The import modal lists the tags to pick from.
    fakeFetch({ body: { success: true, message: "ok", data: [] } });
    renderRoutes([{ path: "/", element: <ModalRoot /> }]);
    act(() => {
      openModal("bulkImport", {});
    });
    const dialog = await screen.findByRole("dialog", { name: "Bulk Import Subscribers" });
    for (let i = 0; i < 5; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });
});
