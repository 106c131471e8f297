import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { Pagination, pageWindow, shownRange } from "./pagination";

const numbered = () =>
  screen.getAllByRole("button").filter((button) => /^Page \d+$/.test(button.getAttribute("aria-label") ?? ""));

describe("pagination", () => {
  it("says which items are shown: Showing X to Y of Z", () => {
    render(<Pagination page={2} pageSize={10} total={42} onPageChange={() => undefined} />);
    expect(screen.getByText("Showing 11 to 20 of 42")).toBeTruthy();
  });

  it("claims no range until the total is known, and says 0 to 0 of 0 for a list loaded empty", () => {
    const { rerender } = render(<Pagination page={1} pageSize={10} total={undefined} onPageChange={() => undefined} />);
    expect(screen.getByRole("navigation").textContent).not.toMatch(/Showing/);
    rerender(<Pagination page={1} pageSize={10} total={0} onPageChange={() => undefined} />);
    expect(screen.getByText("Showing 0 to 0 of 0")).toBeTruthy();
  });

  it("shows at most 5 numbered page buttons, centred on the current page", () => {
    render(<Pagination page={7} pageSize={10} total={200} onPageChange={() => undefined} />);
    expect(numbered().map((button) => button.textContent)).toEqual(["5", "6", "7", "8", "9"]);
    expect(screen.getByRole("button", { name: "Page 7" }).getAttribute("aria-current")).toBe("page");
  });

  it("moves with Prev and Next and disables them at the ends", async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pagination page={1} pageSize={10} total={25} onPageChange={onPageChange} />);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Prev" }).disabled).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.click(screen.getByRole("button", { name: "Page 3" }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);

    rerender(<Pagination page={3} pageSize={10} total={25} onPageChange={onPageChange} />);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Next" }).disabled).toBe(true);
    expect(screen.getByText("Showing 21 to 25 of 25")).toBeTruthy();
  });

  it("steps back to the last page, in place of one past the end, once the total is this page's own", () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pagination page={3} pageSize={10} total={20} onPageChange={onPageChange} disabled />);
    rerender(<Pagination page={3} pageSize={10} total={20} onPageChange={onPageChange} totalIsEstimate />);
    rerender(<Pagination page={3} pageSize={10} total={0} onPageChange={onPageChange} />);
    expect(onPageChange).not.toHaveBeenCalled();

    rerender(<Pagination page={3} pageSize={10} total={20} onPageChange={onPageChange} />);
    expect(onPageChange).toHaveBeenCalledWith(2, { replace: true });
  });

  it("handles an empty list and the edges of the window", () => {
    expect(shownRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9]);
  });

  it("as links, moves through onPageChange on a click and leaves other clicks to the browser", async () => {
    const onPageChange = vi.fn();
    function Where() {
      return <p>at {useLocation().search || "page 1"}</p>;
    }
    render(
      <MemoryRouter>
        <Pagination
          page={1}
          pageSize={10}
          total={25}
          onPageChange={onPageChange}
          pageHref={(page) => `?page=${page}`}
        />
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "Next" }).getAttribute("href")).toBe("/?page=2");
    // Nothing before the first page: Prev stays a disabled button.
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Prev" }).disabled).toBe(true);

    await userEvent.click(screen.getByRole("link", { name: "Page 3" }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    // The list moves itself (and scrolls to its results): the link does not navigate as well.
    expect(screen.getByText("at page 1")).toBeTruthy();

    // Seen after React's handler, and stopped there: jsdom cannot open another document.
    let leftToBrowser = false;
    const afterReact = (event: Event) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener("click", afterReact);
    fireEvent.click(screen.getByRole("link", { name: "Page 2" }), { ctrlKey: true });
    document.removeEventListener("click", afterReact);
    expect(leftToBrowser).toBe(true);
    expect(onPageChange).toHaveBeenCalledTimes(1);
  });
});
