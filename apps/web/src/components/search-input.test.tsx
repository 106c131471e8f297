import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SearchInput } from "./search-input";

afterEach(() => {
  vi.useRealTimers();
});

describe("search input", () => {
  it("reports the trimmed search once typing pauses for 300 ms", () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchInput value="" onSearch={onSearch} label="Search users" />);
    const box = screen.getByLabelText("Search users");

    fireEvent.change(box, { target: { value: "ad" } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: "ada " } });
    act(() => vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith("ada");
  });

  it("takes a value set from outside, such as Clear filters", () => {
    const { rerender } = render(<SearchInput value="ada" onSearch={() => undefined} label="Search users" />);
    expect(screen.getByLabelText<HTMLInputElement>("Search users").value).toBe("ada");
    rerender(<SearchInput value="" onSearch={() => undefined} label="Search users" />);
    expect(screen.getByLabelText<HTMLInputElement>("Search users").value).toBe("");
  });

  it("keeps what was typed when the reported search comes back late", () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    const { rerender } = render(<SearchInput value="" onSearch={onSearch} label="Search users" />);
    const box = screen.getByLabelText<HTMLInputElement>("Search users");
    fireEvent.change(box, { target: { value: "ab" } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(box, { target: { value: "abc" } });
    // The URL catches up with "ab" only now.
    rerender(<SearchInput value="ab" onSearch={onSearch} label="Search users" />);
    expect(box.value).toBe("abc");
    act(() => vi.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenLastCalledWith("abc");
  });
});
