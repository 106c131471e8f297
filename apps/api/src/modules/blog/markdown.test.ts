import { expect, it } from "vitest";
import { renderMarkdown } from "./markdown.ts";

it("drops scripts, event handlers and javascript: links from Markdown", () => {
  const html = renderMarkdown(
    '# Title\n\n<script>alert(1)</script>\n\n<img src="x" onerror="alert(1)">\n\n[click](javascript:alert(1)) [ok](https://example.com)',
  );
  expect(html).not.toMatch(/<script|onerror|javascript:/i);
  expect(html).toContain("<h2>Title</h2>");
  expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">ok</a>');
});
