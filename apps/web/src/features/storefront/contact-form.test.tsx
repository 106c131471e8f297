import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeStore } from "@/app/store/root-reducer";
import { fakeFetch } from "@/test/fake-fetch";
import { renderRoutes } from "@/test/render";
import { ContactForm } from "./contact-form";

function renderForm() {
  const store = makeStore();
  renderRoutes([{ path: "/contact", element: <ContactForm /> }], { store, initialEntries: ["/contact"] });
  return {
    store,
    name: screen.getByLabelText("Full Name"),
    email: screen.getByLabelText("Email Address"),
    phone: screen.getByLabelText("Phone Number"),
    subject: screen.getByLabelText("Subject"),
    message: screen.getByLabelText("Message"),
    submit: () => screen.getByRole<HTMLButtonElement>("button", { name: "Send message" }),
  };
}

type Fields = ReturnType<typeof renderForm>;

/** Each value pasted in one go: typed key by key, the form validates on every key, too slow for a shared machine. */
async function enter(field: HTMLElement, value: string) {
  await userEvent.click(field);
  await userEvent.paste(value);
}

async function fillValid(fields: Fields) {
  await enter(fields.name, "Jane Doe");
  await enter(fields.email, "jane@example.com");
  await enter(fields.phone, "0123456789");
  await enter(fields.subject, "Installation");
  await enter(fields.message, "Can you fit two locks next week?");
  await waitFor(() => expect(fields.submit().disabled).toBe(false));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("contact page form", () => {
  it("validates on change with the spec's messages and keeps Send disabled until every field is valid", async () => {
    const fields = renderForm();
    expect(fields.submit().disabled).toBe(true);

    await userEvent.type(fields.name, "J");
    expect(await screen.findByText("Name must be at least 2 characters")).toBeTruthy();
    await enter(fields.email, "jane@");
    expect(await screen.findByText("Please enter a valid email address")).toBeTruthy();
    await enter(fields.phone, "12345");
    expect(await screen.findByText("Phone number must be exactly 10 digits")).toBeTruthy();
    await userEvent.type(fields.subject, "x");
    await userEvent.clear(fields.subject);
    expect(await screen.findByText("Subject is required")).toBeTruthy();
    expect(fields.submit().disabled).toBe(true);

    await enter(fields.name, "ane");
    await enter(fields.email, "example.com");
    await enter(fields.phone, "67890");
    await enter(fields.subject, "Hello");
    await enter(fields.message, "A question");
    await waitFor(() => expect(fields.submit().disabled).toBe(false));
    expect(screen.queryByText("Name must be at least 2 characters")).toBeNull();
  });

  it("sends a general message, thanks the visitor, and Send another brings back an empty form", async () => {
    const { requests } = fakeFetch({ status: 201, body: { success: true, message: "ok", data: { _id: "c1" } } });
    const fields = renderForm();
    await fillValid(fields);
    await userEvent.click(fields.submit());

    const thanks = await screen.findByRole("status");
    expect(thanks.textContent).toContain("Thank You!");
    expect(thanks.textContent).toContain("Your message has been sent. Our team will contact you within 24 hours.");
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]?.url ?? "").pathname).toBe("/api/contacts");
    expect(await requests[0]?.json()).toEqual({
      name: "Jane Doe",
      email: "jane@example.com",
      phone: "0123456789",
      subject: "Installation",
      request: "Can you fit two locks next week?",
      messageType: "general",
      createdBy: "website",
      website: "",
    });

    await userEvent.click(screen.getByRole("button", { name: "Send another message" }));
    expect(screen.getByLabelText<HTMLInputElement>("Full Name").value).toBe("");
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Send message" }).disabled).toBe(true);
  });

  it("says so when sending fails, keeping what was typed", async () => {
    fakeFetch({ status: 500, body: { success: false, message: "Database unavailable" } });
    const fields = renderForm();
    await fillValid(fields);
    await userEvent.click(fields.submit());

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Failed to submit inquiry. Please try again.");
    expect(fields.store.getState().ui.notifications.map((n) => n.message)).toContain(
      "Failed to submit inquiry. Please try again.",
    );
    expect((fields.message as HTMLTextAreaElement).value).toBe("Can you fit two locks next week?");
    expect(screen.queryByRole("status")).toBeNull();
  });
});
