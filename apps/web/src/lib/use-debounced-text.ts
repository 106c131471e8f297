import { useEffect, useEffectEvent, useRef, useState } from "react";

/**
 * Text in a box that reports itself, trimmed, once typing pauses for `delayMs` (search, price
 * bounds). `value` is the one in effect (from the URL, say): a change from outside (Clear filters,
 * the back button) replaces what is in the box, but our own report coming back — possibly late,
 * as a URL update is a navigation — must not overwrite what has been typed since.
 */
export function useDebouncedText(value: string, onReport: (next: string) => void, delayMs: number) {
  const [text, setText] = useState(value);
  const reported = useRef(value);
  const report = useEffectEvent((next: string) => {
    reported.current = next;
    onReport(next);
  });

  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    const next = text.trim();
    if (next === reported.current) return;
    const timer = window.setTimeout(() => report(next), delayMs);
    return () => window.clearTimeout(timer);
  }, [text, delayMs]);

  /** Empties the box and reports at once (a clear button). */
  const clear = () => {
    setText("");
    report("");
  };

  return { text, setText, clear };
}
