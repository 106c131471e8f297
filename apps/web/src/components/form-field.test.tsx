import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SelectField, TextareaField, TextField } from "./form-field";

/** The ids a control names in aria-describedby, each of which must be an element on the page. */
function describedBy(control: HTMLElement): HTMLElement[] {
  const ids = control.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => {
    const element = document.getElementById(id);
    if (!element) throw new Error(`aria-describedby names ${id}, which is not on the page`);
    return element;
  });
}

describe("form fields", () => {
  it.each([
    ["text", () => <TextField label="Email" hint="We never share it." error="Enter a valid email address." />],
    ["select", () => <SelectField label="Email" hint="We never share it." error="Enter a valid email address." />],
    ["textarea", () => <TextareaField label="Email" hint="We never share it." error="Enter a valid email address." />],
  ])("a %s field with an error shown is described by the error only", (_kind, field) => {
    render(field());
    const descriptions = describedBy(screen.getByLabelText("Email"));
    expect(descriptions.map((element) => element.textContent)).toEqual(["Enter a valid email address."]);
  });

  it("a text field without an error is described by its hint", () => {
    render(<TextField label="Email" hint="We never share it." />);
    const descriptions = describedBy(screen.getByLabelText("Email"));
    expect(descriptions.map((element) => element.textContent)).toEqual(["We never share it."]);
  });
});
