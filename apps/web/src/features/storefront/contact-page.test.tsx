import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { site } from "@/lib/site";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { shopSettings } from "@/test/settings";
import { ContactPage } from "./contact-page";

function renderContactPage() {
  renderRoutes([{ path: "/contact", element: <ContactPage /> }], { initialEntries: ["/contact"] });
  return within(screen.getByRole("complementary"));
}

const linkTo = (aside: ReturnType<typeof renderContactPage>, name: RegExp) =>
  aside.getByRole("link", { name }).getAttribute("href");

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("contact page", () => {
  it("shows the email and phone staff keep in Settings, as the footer does", async () => {
    fakeFetch({ body: { success: true, message: "ok", data: shopSettings } });
    const aside = renderContactPage();
    expect(await aside.findByText("hello@lumenhome.example")).toBeTruthy();
    expect(linkTo(aside, /Email us/)).toBe("mailto:hello@lumenhome.example");
    expect(linkTo(aside, /Call us/)).toBe("tel:+442079460958");
    expect(aside.getByText("+44 20 7946 0958")).toBeTruthy();
    expect(aside.queryByText(site.email)).toBeNull();
  });

  it("keeps the cards in place without placeholder details while Settings loads", () => {
    fakeFetch(() => new Promise(() => undefined));
    const aside = renderContactPage();
    expect(aside.getByText("Email us")).toBeTruthy();
    expect(aside.getByText("Call us")).toBeTruthy();
    expect(aside.queryByText(site.email)).toBeNull();
    expect(aside.queryByText(site.phone)).toBeNull();
    expect(aside.queryByRole("link")).toBeNull();
  });

  it("falls back to the site's own details when Settings cannot be read", async () => {
    fakeFetch({ status: 500, body: { success: false, message: "" } });
    const aside = renderContactPage();
    expect(await aside.findByText(site.email)).toBeTruthy();
    expect(linkTo(aside, /Call us/)).toBe(`tel:${site.phone.replace(/[^+\d]/g, "")}`);
  });

  it("leaves out the phone card when Settings has no phone, as the footer does", async () => {
    fakeFetch({ body: { success: true, message: "ok", data: { ...shopSettings, contactPhone: "" } } });
    const aside = renderContactPage();
    await aside.findByText("hello@lumenhome.example");
    expect(aside.queryByText("Call us")).toBeNull();
  });
});
