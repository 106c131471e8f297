import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Drawer } from "./drawer";

/** A drawer whose lines each remove themselves, as the cart drawer's Remove buttons do. */
function Lines({ onClose }: { onClose: () => void }) {
  const [lines, setLines] = useState(["Switch", "Lock"]);
  return (
    <Drawer title="Your cart" onClose={onClose} footer={<a href="#cart">View cart</a>}>
      {lines.map((line) => (
        <button key={line} type="button" onClick={() => setLines((all) => all.filter((other) => other !== line))}>
          Remove {line}
        </button>
      ))}
    </Drawer>
  );
}

function renderDrawer() {
  const onClose = vi.fn();
  render(
    <>
      <a href="#behind">Page link behind</a>
      <Lines onClose={onClose} />
    </>,
  );
  return { onClose, dialog: screen.getByRole("dialog", { name: "Your cart" }) };
}

const focusIsIn = (element: HTMLElement) => element.contains(document.activeElement);

describe("drawer", () => {
  it("wraps Tab and Shift+Tab inside the panel", async () => {
    renderDrawer();
    screen.getByRole("link", { name: "View cart" }).focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Close" }));
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "View cart" }));
  });

  it("keeps focus inside when the focused button is removed, and still answers Escape and Tab", async () => {
    const { onClose, dialog } = renderDrawer();
    screen.getByRole("button", { name: "Remove Switch" }).focus();
    await userEvent.keyboard("{Enter}");
    expect(screen.queryByRole("button", { name: "Remove Switch" })).toBeNull();

    await vi.waitFor(() => expect(focusIsIn(dialog)).toBe(true));
    await userEvent.tab();
    expect(focusIsIn(dialog)).toBe(true);
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("answers Escape and Tab even when focus has already left for the page", async () => {
    const { onClose, dialog } = renderDrawer();
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.tab();
    expect(focusIsIn(dialog)).toBe(true);
    await userEvent.keyboard("{Escape}");
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("hands focus back to what opened it on close", async () => {
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open cart
          </button>
          {open ? <Lines onClose={() => setOpen(false)} /> : null}
        </>
      );
    }
    render(<Opener />);
    await userEvent.click(screen.getByRole("button", { name: "Open cart" }));
    expect(focusIsIn(screen.getByRole("dialog"))).toBe(true);
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Open cart" }));
  });
});
