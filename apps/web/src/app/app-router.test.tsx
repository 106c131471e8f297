import { act, fireEvent, render, screen } from "@testing-library/react";
import { Link, Route, Routes, UNSAFE_createMemoryHistory, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { AppRouter, useNavigationBlocker } from "./app-router";

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

  describe("a blocker asked about back and forward", () => {
    const alwaysBlock = () => true;

    function FormPage() {
      const blocker = useNavigationBlocker(alwaysBlock);
      return (
        <main>
          <h1>Form</h1>
          {blocker.state === "blocked" && (
            <div role="alertdialog" aria-label="Unsaved changes">
              <button type="button" onClick={blocker.reset}>
                Stay
              </button>
              <button type="button" onClick={blocker.proceed}>
                Leave
              </button>
            </div>
          )}
        </main>
      );
    }

    function renderAt(entries: string[], index: number) {
      const history = UNSAFE_createMemoryHistory({ initialEntries: entries, initialIndex: index, v5Compat: true });
      render(
        <AppRouter history={history}>
          <Routes>
            <Route path="/form" element={<FormPage />} />
            <Route path="*" element={<h1>Elsewhere</h1>} />
          </Routes>
        </AppRouter>,
      );
      return history;
    }

    it("puts the address back on Back, keeps the form on Stay, and goes back on Leave", () => {
      const history = renderAt(["/", "/form"], 1);
      act(() => history.go(-1));
      // Asked, not gone: the address is the form's again and the form is still there.
      expect(screen.getByRole("alertdialog", { name: "Unsaved changes" })).toBeTruthy();
      expect(history.location.pathname).toBe("/form");
      expect(screen.getByRole("heading").textContent).toBe("Form");

      fireEvent.click(screen.getByRole("button", { name: "Stay" }));
      expect(screen.queryByRole("alertdialog")).toBeNull();
      expect(history.location.pathname).toBe("/form");
      expect(screen.getByRole("heading").textContent).toBe("Form");

      act(() => history.go(-1));
      act(() => fireEvent.click(screen.getByRole("button", { name: "Leave" })));
      expect(history.location.pathname).toBe("/");
      expect(screen.getByRole("heading").textContent).toBe("Elsewhere");
      expect(screen.queryByRole("alertdialog")).toBeNull();
    });

    it("asks about Forward too, and goes forward once allowed without asking again", () => {
      const history = renderAt(["/form", "/next"], 0);
      act(() => history.go(1));
      expect(screen.getByRole("alertdialog", { name: "Unsaved changes" })).toBeTruthy();
      expect(history.location.pathname).toBe("/form");

      act(() => fireEvent.click(screen.getByRole("button", { name: "Leave" })));
      expect(history.location.pathname).toBe("/next");
      expect(screen.getByRole("heading").textContent).toBe("Elsewhere");
      expect(screen.queryByRole("alertdialog")).toBeNull();
    });
  });
});
