import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
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
