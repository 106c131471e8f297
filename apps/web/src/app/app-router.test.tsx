import { act, fireEvent, render, screen } from "@testing-library/react";
import { Link, Route, Routes, UNSAFE_createMemoryHistory, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { AppRouter } from "./app-router";

function Page() {
  const { pathname } = useLocation();
  return (
    <main>
      <h1>{pathname === "/next" ? "Next page" : "First page"}</h1>
      <Link to="/next">Go on</Link>
    </main>
  );
}

describe("AppRouter", () => {
  it("changes the address only once the next page is ready, as the data router did", async () => {
    const history = UNSAFE_createMemoryHistory({ initialEntries: ["/"], v5Compat: true });
    let ready: () => void = () => {};
    const loading = new Promise<void>((resolve) => {
      ready = resolve;
    });
    render(
      <AppRouter history={history} prepare={(location) => (location.pathname === "/next" ? loading : undefined)}>
        <Routes>
          <Route path="*" element={<Page />} />
        </Routes>
      </AppRouter>,
    );

    fireEvent.click(screen.getByRole("link", { name: "Go on" }));
    // Someone acting on "the page at the new address" must not find the old page's fields there.
    expect(history.location.pathname).toBe("/");
    expect(screen.getByRole("heading").textContent).toBe("First page");

    await act(async () => {
      ready();
      await loading;
    });
    expect(history.location.pathname).toBe("/next");
    expect((await screen.findByRole("heading", { name: "Next page" })).textContent).toBe("Next page");
  });
});
