import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addToCart } from "@/app/store/cart-slice";
import { makeStore } from "@/app/store/root-reducer";
import { signedIn } from "@/app/store/session-actions";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { Navbar } from "./navbar";

const jane = {
  _id: "u1",
  name: "Jane",
  email: "jane@example.com",
  isSuperAdmin: false,
  role: { _id: "r1", name: "Editor", permissions: [] },
};

function renderNavbar(store = makeStore()) {
  return renderRoutes(
    [
      { path: "/", element: <Navbar /> },
      { path: "/login", element: <p>login page</p> },
      { path: "/admin/profile", element: <p>profile page</p> },
    ],
    { store },
  );
}

const mainNav = () => within(screen.getByRole("navigation", { name: "Main navigation" }));

afterEach(() => {
  vi.unstubAllGlobals();
  window.scrollY = 0;
});

describe("navbar", () => {
  it("links the storefront and the blog, without Manage for visitors", () => {
    renderNavbar();
    const labels = mainNav()
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(labels).toEqual(["Home", "Smart Locks", "Smart Switches", "Shop", "About", "Blog"]);
    expect(mainNav().getByRole("link", { name: "Blog" }).getAttribute("href")).toBe("/blog");
  });

  it("adds Manage for signed-in staff and shows who they are", async () => {
    const store = makeStore();
    store.dispatch(signedIn({ token: "t", user: jane }));
    renderNavbar(store);
    expect(mainNav().getByRole("link", { name: "Manage" }).getAttribute("href")).toBe("/admin");

    await userEvent.click(await screen.findByRole("button", { name: /account menu/i }));
    expect(screen.getByText("Jane (Editor)")).toBeTruthy();
    expect(screen.getByRole("menuitem", { name: "Profile" })).toBeTruthy();
  });

  it("counts cart items on the cart link", () => {
    const store = makeStore();
    store.dispatch(addToCart({ _id: "a", name: "A", price: 10, quantity: 2 }));
    store.dispatch(addToCart({ _id: "b", name: "B", price: 5 }));
    renderNavbar(store);
    expect(screen.getByRole("link", { name: "Cart, 3 items" }).getAttribute("href")).toBe("/cart");
  });

  it("turns translucent once the page scrolls past 10 px", () => {
    renderNavbar();
    const header = screen.getByRole("banner");
    expect(header.dataset.scrolled).toBe("false");
    window.scrollY = 11;
    fireEvent.scroll(window);
    expect(header.dataset.scrolled).toBe("true");
  });

  it("logs out: tells the server, forgets the session and goes to /login", async () => {
    const { requests } = fakeFetch({ body: { success: true, message: "Signed out successfully" } });
    const store = makeStore();
    store.dispatch(signedIn({ token: "t", user: jane }));
    const { router } = renderNavbar(store);

    await userEvent.click(await screen.findByRole("button", { name: /account menu/i }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Logout" }));

    expect(await screen.findByText("login page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().user.userInfo).toBeNull();
    expect(new URL(requests[0]?.url ?? "").pathname).toBe("/api/users/logout");
  });

  it("opens a full-screen menu on small screens that locks page scrolling", async () => {
    renderNavbar();
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    // The menu's code arrives with the first tap; a loaded machine can take seconds to import it.
    const shopNow = await screen.findByRole("link", { name: "Shop Now" }, { timeout: 10_000 });
    expect(shopNow.getAttribute("href")).toBe("/shop");
    // The lock is the menu's effect, which runs after the commit that shows its links.
    await waitFor(() => expect(document.body.style.overflow).toBe("hidden"));
    expect(document.getElementById("mobile-menu")).not.toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Close menu" }));
    expect(document.body.style.overflow).toBe("");
  });

  it("gives focus back to the menu button when Escape closes the mobile menu", async () => {
    const user = userEvent.setup();
    renderNavbar();
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    await screen.findByRole("link", { name: "Shop Now" }, { timeout: 10_000 });

    await user.keyboard("{Escape}");
    await waitFor(() => expect(document.getElementById("mobile-menu")).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Open menu" }));
  });

  it("keeps the page behind the open mobile menu out of the Tab order", async () => {
    const user = userEvent.setup();
    renderRoutes([
      {
        path: "/",
        element: (
          <div>
            <Navbar />
            <main>
              <a href="#behind">Behind the menu</a>
            </main>
          </div>
        ),
      },
    ]);
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    await screen.findByRole("link", { name: "Shop Now" }, { timeout: 10_000 });
    // The full-screen menu covers the page: Tab past its last link must not land there.
    await waitFor(() => expect(screen.getByRole("main").hasAttribute("inert")).toBe(true));
    expect(screen.getByRole("banner").hasAttribute("inert")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Close menu" }));
    expect(screen.getByRole("main").hasAttribute("inert")).toBe(false);
  });
});
