import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { Provider as ReduxProvider } from "react-redux";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/app/query-client";
import { staffWith } from "@/test/store";
import { useImageUploads } from "./use-image-uploads";

/** An upload request the test answers when it likes, as a slow or fast connection would. */
class HeldUpload extends EventTarget {
  static sent: HeldUpload[] = [];
  upload = new EventTarget();
  status = 0;
  responseText = "";
  timeout = 0;
  open() {}
  setRequestHeader() {}
  send() {
    HeldUpload.sent.push(this);
  }
  abort() {}
  answer(url: string) {
    this.status = 201;
    this.responseText = JSON.stringify({ success: true, message: "Uploaded", data: { urls: [url] } });
    this.dispatchEvent(new Event("load"));
  }
}

afterEach(() => {
  HeldUpload.sent = [];
  vi.unstubAllGlobals();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <ReduxProvider store={staffWith(["product:create-product"])}>
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  </ReduxProvider>
);

describe("image uploads", () => {
  it("hand the pictures over in the order they were picked, whichever finishes first", async () => {
    vi.stubGlobal("XMLHttpRequest", HeldUpload);
    const onUploaded = vi.fn();
    const { result } = renderHook(() => useImageUploads({ folder: "products", onUploaded }), { wrapper });
    const big = new File(["a".repeat(1000)], "big.png", { type: "image/png" });
    const small = new File(["b"], "small.png", { type: "image/png" });
    act(() => result.current.upload([big, small]));
    const [first, second] = HeldUpload.sent;
    await act(async () => second?.answer("/uploads/products/small-800.webp"));
    expect(onUploaded).not.toHaveBeenCalled();
    await act(async () => first?.answer("/uploads/products/big-800.webp"));
    expect(onUploaded.mock.calls.map(([url]) => url)).toEqual([
      "/uploads/products/big-800.webp",
      "/uploads/products/small-800.webp",
    ]);
  });
});
