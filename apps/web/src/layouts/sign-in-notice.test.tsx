import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { hydrateServerMarkup } from "@/test/hydrate";
import { SignInNotice } from "./sign-in-notice";

describe("sign-in notice", () => {
  it("hydrates the home page a reload of the guard's redirect left with router state, then says why", async () => {
    // The guard's state.from survives a reload in history.state; the request for / carries none of it.
    const { mismatches } = await hydrateServerMarkup([{ path: "/", element: <SignInNotice /> }], {
      entry: { pathname: "/", state: { from: "/admin/products" } },
    });
    expect(mismatches).toEqual([]);
    const signIn = await screen.findByRole("link", { name: "Sign in" });
    expect(signIn.getAttribute("href")).toBe("/login");
  });
});
