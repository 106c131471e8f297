import { render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ContactsByStatusChart, SubscriberGrowthChart } from "./dashboard-charts";

const byStatus = { notActioned: 3, inProgress: 2, completed: 5, cancelled: 0, rejected: 1, onHold: 1, total: 12 };
// What Tab reaches: tabindex -1 takes an element out of the order, as axe's aria-hidden-focus allows.
const focusable = "a[href], button, input, select, textarea, [contenteditable], [tabindex]:not([tabindex^='-'])";

/** jsdom lays nothing out: give every element a 540×260 box and a ResizeObserver that reports it. */
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 540, height: 260 }),
  );
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(540);
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(260);
  vi.spyOn(HTMLElement.prototype, "offsetWidth", "get").mockReturnValue(540);
  vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(260);
  vi.stubGlobal(
    "ResizeObserver",
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        this.callback(
          [{ target, contentRect: DOMRect.fromRect({ width: 540, height: 260 }) } as ResizeObserverEntry],
          this as unknown as ResizeObserver,
        );
      }
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("dashboard charts", () => {
  it("writes each status label on the axis as text of its own, long ones on two lines", async () => {
    const { container, findAllByText } = render(<ContactsByStatusChart counts={byStatus} />);
    await findAllByText("Completed");
    const labels = [...container.querySelectorAll(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-label")];
    expect(labels.map((label) => [...label.querySelectorAll("tspan")].map((line) => line.textContent))).toEqual([
      ["Not", "Actioned"],
      ["In", "Progress"],
      ["Completed"],
      ["Cancelled"],
      ["Rejected"],
      ["On", "Hold"],
    ]);
  });

  it("keeps nothing focusable inside the drawings hidden from screen readers", async () => {
    const { container, findAllByText } = render(
      <>
        <ContactsByStatusChart counts={byStatus} />
        <SubscriberGrowthChart growth={[{ date: "2025-03-05", new: 4, total: 1200 }]} />
      </>,
    );
    await findAllByText("Completed");
    const hidden = [...container.querySelectorAll("[aria-hidden='true']")];
    expect(hidden.length).toBeGreaterThan(0);
    expect(container.querySelectorAll(".recharts-wrapper").length).toBe(2);
    expect(
      hidden.flatMap((element) => [...element.querySelectorAll(focusable)]).map((el) => el.outerHTML.slice(0, 80)),
    ).toEqual([]);
  });
});
