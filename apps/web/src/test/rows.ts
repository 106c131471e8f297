import { screen } from "@testing-library/react";

/**
 * The table row whose accessible name holds `text` (a title, name or address the test chose).
 * A substring test rather than `new RegExp(text)`: the text is data, not a pattern.
 */
export const rowNamed = (text: string) => screen.getByRole("row", { name: (name) => name.includes(text) });
