import { type ReactNode, Suspense, useEffect, useRef, useState } from "react";

type DeferredProps = {
  /** Usually a `lazy()` component: its code is fetched only when the visitor gets near it. */
  children: ReactNode;
  /** Space held while it is not there yet, so the page does not jump when it arrives. */
  minHeight: string;
};

/**
 * Renders its children once the visitor starts scrolling or they come into view, whichever is first:
 * below-the-fold code is not downloaded by a visitor who never goes there.
 */
export function Deferred({ children, minHeight }: DeferredProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const show = () => setNear(true);
    // The first scroll means the visitor is heading down: start loading before the section arrives.
    window.addEventListener("scroll", show, { once: true, passive: true });
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) show();
    });
    observer.observe(element);
    return () => {
      window.removeEventListener("scroll", show);
      observer.disconnect();
    };
  }, []);

  const placeholder = <div style={{ minHeight }} />;
  return <div ref={ref}>{near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}</div>;
}
