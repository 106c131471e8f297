import { type ReactNode, Suspense, useEffect, useRef, useState } from "react";

type DeferredProps = {
  /** Usually a `lazy()` component: its code is fetched only when the visitor gets near it. */
  children: ReactNode;
  /** Space held while it is not there yet, so the page does not jump when it arrives. */
  minHeight: string;
  /** How far ahead of the viewport to start loading. */
  rootMargin?: string;
};

/** Renders its children once they come within `rootMargin` of the viewport: below-the-fold code waits. */
export function Deferred({ children, minHeight, rootMargin = "600px 0px" }: DeferredProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [rootMargin]);

  const placeholder = <div style={{ minHeight }} />;
  return <div ref={ref}>{near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}</div>;
}
