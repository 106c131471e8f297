import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./confirm-dialog";
import { Modal } from "./modal";

describe("modal", () => {
  it("ignores Escape and the close button while it must stay open", async () => {
    const onClose = vi.fn();
    render(
      <Modal title="Sending" onClose={onClose} dismissible={false}>
        <p>Please wait</p>
      </Modal>,
    );
    await userEvent.keyboard("{Escape}");
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it("describes itself and locks page scrolling while open", () => {
    const { unmount } = render(<Modal title="Details" description="All about it" onClose={() => undefined} />);
    expect(screen.getByRole("dialog", { name: "Details", description: "All about it" })).toBeTruthy();
    expect(document.body.style.overflow).toBe("hidden");
    unmount();
    expect(document.body.style.overflow).toBe("");
  });
});

describe("a modal whose focused button goes away (a view swapped for another)", () => {
  function Swapping({ onClose }: { onClose: () => void }) {
    const [done, setDone] = useState(false);
    return (
      <Modal title="Import" onClose={onClose}>
        {done ? (
          <p>Imported</p>
        ) : (
          <button type="button" onClick={() => setDone(true)}>
            Import
          </button>
        )}
        <a href="#help">Help</a>
      </Modal>
    );
  }

  it("still closes on Escape, and Tab brings focus back inside", async () => {
    const onClose = vi.fn();
    render(
      <>
        <a href="#main">Skip to main content</a>
        <Swapping onClose={onClose} />
      </>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Import" }));
    expect(screen.getByText("Imported")).toBeTruthy();
    await userEvent.tab();
    expect(screen.getByRole("dialog").contains(document.activeElement)).toBe(true);
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("once closed, hands focus to the page's main region when what opened it is gone", async () => {
    function Page() {
      const [open, setOpen] = useState(false);
      const [row, setRow] = useState(true);
      return (
        <main id="main" tabIndex={-1}>
          {row ? (
            <button type="button" onClick={() => setOpen(true)}>
              Delete row
            </button>
          ) : null}
          {open ? (
            <ConfirmDialog
              title="Delete?"
              message="Gone for good."
              onConfirm={() => {
                setRow(false);
                setOpen(false);
              }}
              onCancel={() => setOpen(false)}
            />
          ) : null}
        </main>
      );
    }
    render(<Page />);
    await userEvent.click(screen.getByRole("button", { name: "Delete row" }));
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(document.activeElement?.id).toBe("main");
  });
});

describe("confirm dialog", () => {
  it("confirms or cancels", async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog title="Delete tag?" message="This cannot be undone." onConfirm={onConfirm} onCancel={onCancel} />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
