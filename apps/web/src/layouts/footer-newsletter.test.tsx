import { uiCopy } from "@shop/shared/ui-copy";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { FooterNewsletter } from "./footer-newsletter";

function renderNewsletter() {
  renderRoutes([{ path: "/", element: <FooterNewsletter /> }]);
  return {
    input: screen.getByPlaceholderText("Your email"),
    button: screen.getByRole("button", { name: "Subscribe" }),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("footer newsletter", () => {
  it("refuses an empty email in red without calling the server", async () => {
    const { fetchMock } = fakeFetch({ body: { success: true, message: "ok" } });
    const { input, button } = renderNewsletter();

    await userEvent.type(input, "   ");
    await userEvent.click(button);

    const message = screen.getByText("Please enter a valid email");
    expect(message.className).toContain("text-red");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("subscribes, says so in green and clears the input", async () => {
    const { requests } = fakeFetch({ body: { success: true, message: "Subscribed" } });
    const { input, button } = renderNewsletter();

    await userEvent.type(input, "fan@example.com");
    await userEvent.click(button);

    const message = await screen.findByText(uiCopy.footer.subscribed);
    expect(message.className).toContain("text-emerald");
    expect(input).toHaveProperty("value", "");
    expect(requests[0]?.method).toBe("POST");
    expect(new URL(requests[0]?.url ?? "").pathname).toBe("/api/newsletter/subscriber");
    expect(await requests[0]?.json()).toEqual({ email: "fan@example.com" });
  });

  it("shows the server's words in green when the address must first be confirmed by email", async () => {
    const checkInbox = "Almost there! Please check your inbox to confirm your subscription.";
    fakeFetch({ body: { success: true, message: checkInbox, data: { confirmationRequired: true } } });
    const { input, button } = renderNewsletter();

    await userEvent.type(input, "fan@example.com");
    await userEvent.click(button);

    const message = await screen.findByText(checkInbox);
    expect(message.className).toContain("text-emerald");
    expect(screen.queryByText(uiCopy.footer.subscribed)).toBeNull();
    expect(input).toHaveProperty("value", "");
  });

  it("shows the server's reason in red when the subscription fails", async () => {
    fakeFetch({ status: 409, body: { success: false, message: "Already subscribed" } });
    const { input, button } = renderNewsletter();

    await userEvent.type(input, "fan@example.com");
    await userEvent.click(button);

    const message = await screen.findByText("Already subscribed");
    expect(message.className).toContain("text-red");
    expect(input).toHaveProperty("value", "fan@example.com");
  });

  it("falls back to the default message when the server gives none", async () => {
    fakeFetch({ status: 500, body: { success: false, message: "" } });
    const { input, button } = renderNewsletter();

    await userEvent.type(input, "fan@example.com");
    await userEvent.click(button);

    expect(await screen.findByText("Failed to subscribe to newsletter")).toBeTruthy();
  });
});
