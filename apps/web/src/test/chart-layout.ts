import { afterEach, beforeEach, vi } from "vitest";

/** What Tab reaches: tabindex -1 takes an element out of the order, as axe's aria-hidden-focus allows. */
export const focusable = "a[href], button, input, select, textarea, [contenteditable], [tabindex]:not([tabindex^='-'])";

/**
 * jsdom lays nothing out, and Recharts draws nothing in a box of no size: every element gets a
 * 540×260 box and a ResizeObserver that reports it, for the tests of one file.
 */
export function laidOutCharts(): void {
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
}
