import { describe, expect, it } from "vitest";
import { htmlNestsDeeperThan, markdownNestsDeeperThan } from "./nesting.ts";

describe("htmlNestsDeeperThan", () => {
  it("counts open elements, not closed ones", () => {
    expect(htmlNestsDeeperThan("<div><div><div>x</div></div></div>", 3)).toBe(false);
    expect(htmlNestsDeeperThan("<div><div><div><div>x</div></div></div></div>", 3)).toBe(true);
    expect(htmlNestsDeeperThan("<b>x</b>".repeat(1_000), 1)).toBe(false);
  });

  it("takes items, cells and paragraphs left open as siblings, as parsers do", () => {
    expect(htmlNestsDeeperThan(`<ul>${"<li>item".repeat(500)}</ul>`, 3)).toBe(false);
    expect(htmlNestsDeeperThan(`<table>${"<tr><td>a<td>b".repeat(200)}</table>`, 4)).toBe(false);
    expect(htmlNestsDeeperThan("<p>one<p>two<p>three", 1)).toBe(false);
  });

  it("does not count void elements, self-closed tags, comments or a stray <", () => {
    expect(htmlNestsDeeperThan(`<p>${"<br><img src=x><hr/>".repeat(100)}</p>`, 1)).toBe(false);
    expect(htmlNestsDeeperThan(`<!-- ${"<div>".repeat(50)} --><p>x</p>`, 1)).toBe(false);
    expect(htmlNestsDeeperThan("1 < 2 and <3", 0)).toBe(false);
  });

  it("closes what an end tag closes, with the elements left open inside it", () => {
    expect(htmlNestsDeeperThan(`${"<div><span>".repeat(3)}</div></div></div>`.repeat(100), 6)).toBe(false);
    expect(htmlNestsDeeperThan(`${"<div><span>".repeat(30_000)}`, 100)).toBe(true);
  });
});

describe("markdownNestsDeeperThan", () => {
  it("counts quote and list markers before a line's text", () => {
    expect(markdownNestsDeeperThan("> > > quoted", 3)).toBe(false);
    expect(markdownNestsDeeperThan("> > > > quoted", 3)).toBe(true);
    expect(markdownNestsDeeperThan(`${">".repeat(3_000)} x`, 50)).toBe(true);
    expect(markdownNestsDeeperThan(`${"- ".repeat(51)}x`, 50)).toBe(true);
    expect(markdownNestsDeeperThan(`${"1. ".repeat(51)}x`, 50)).toBe(true);
    expect(markdownNestsDeeperThan(`${"> - ".repeat(26)}x`, 50)).toBe(true);
  });

  it("counts the indentation in front of a nested list, two spaces a level", () => {
    expect(markdownNestsDeeperThan("- a\n  - b\n    - c", 3)).toBe(false);
    expect(markdownNestsDeeperThan(`${" ".repeat(100)}- deep`, 50)).toBe(true);
  });

  it("leaves ordinary text alone: emphasis, rules, numbers, indented code", () => {
    const post = "**Bold** and *italic*\n\n- - -\n\n2024 was good. 3.5 stars\n\n    const x = 1;\n\n-1 degrees";
    expect(markdownNestsDeeperThan(post, 3)).toBe(false);
  });
});
