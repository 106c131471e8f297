import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useUrlFilters } from "@/lib/use-url-filters";
import { renderRoutes } from "@/test/render";
import { ScrollRestoration } from "./scroll-restoration";

/** An admin list's controls: a filter, and paging with no scrolling of its own. */
function List() {
  const url = useUrlFilters(["status"]);
  return (
    <>
      <ScrollRestoration />
      <button type="button" onClick={() => url.setFilters({ status: "active" })}>
        Active only
      </button>
      <button type="button" onClick={() => url.setPage(url.page + 1)}>
        Next
      </button>
      <Link to="/other">Other page</Link>
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("scroll restoration", () => {
  it("keeps the position for a list's filters, and starts another page or a list's next page at the top", async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal("scrollTo", scrollTo);
    const user = userEvent.setup();
    const { router } = renderRoutes([
      { path: "/", element: <List /> },
      { path: "/other", element: <List /> },
    ]);

    await user.click(screen.getByRole("button", { name: "Active only" }));
    expect(router.state.location.search).toBe("?status=active");
    expect(scrollTo).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(router.state.location.search).toBe("?status=active&page=2");
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrollTo.mockClear();
    await user.click(screen.getByRole("link", { name: "Other page" }));
    expect(router.state.location.pathname).toBe("/other");
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});
