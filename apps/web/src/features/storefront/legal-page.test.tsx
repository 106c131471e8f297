import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { site } from "@/lib/site";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { shopSettings } from "@/test/settings";
import { PrivacyPage } from "./privacy-page";
import { TermsPage } from "./terms-page";

const paragraphWith = (text: string) =>
  screen.getByText((_, element) => element?.tagName === "P" && element.textContent?.includes(text) === true);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("terms and privacy", () => {
  it("name the email and phone staff keep in Settings", async () => {
    fakeFetch({ body: { success: true, message: "ok", data: shopSettings } });
    renderRoutes([{ path: "/terms", element: <TermsPage /> }], { initialEntries: ["/terms"] });
    await vi.waitFor(() =>
      expect(paragraphWith("You can reach us at").textContent).toContain(
        "You can reach us at hello@lumenhome.example or +44 20 7946 0958.",
      ),
    );
    expect(document.body.textContent).not.toContain(site.email);
  });

  it("name only the email when Settings has no phone", async () => {
    fakeFetch({ body: { success: true, message: "ok", data: { ...shopSettings, contactPhone: "" } } });
    renderRoutes([{ path: "/terms", element: <TermsPage /> }], { initialEntries: ["/terms"] });
    await vi.waitFor(() =>
      expect(paragraphWith("You can reach us at").textContent).toContain(
        "You can reach us at hello@lumenhome.example.",
      ),
    );
  });

  it("ask privacy requests at the Settings email", async () => {
    fakeFetch({ body: { success: true, message: "ok", data: shopSettings } });
    renderRoutes([{ path: "/privacy", element: <PrivacyPage /> }], { initialEntries: ["/privacy"] });
    await vi.waitFor(() =>
      expect(paragraphWith("Write to").textContent).toContain("Write to hello@lumenhome.example; we answer"),
    );
    expect(document.body.textContent).not.toContain(site.email);
  });

  it("show no placeholder details while Settings loads", () => {
    fakeFetch(() => new Promise(() => undefined));
    renderRoutes([{ path: "/terms", element: <TermsPage /> }], { initialEntries: ["/terms"] });
    expect(paragraphWith("You can reach us at")).toBeTruthy();
    expect(document.body.textContent).not.toContain(site.email);
    expect(document.body.textContent).not.toContain(site.phone);
  });
});
