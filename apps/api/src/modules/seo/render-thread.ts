import type { Worker } from "node:worker_threads";
import { startThread } from "../../lib/thread-entry.ts";

export type RenderedPage = { html: string; state: string };
/** A GET the page asks for while it renders, answered by the main thread (through the app's own routes). */
export type PageFetch = (url: string) => Promise<{ status: number; body: string; contentType: string }>;

/** What the thread starts with (render-thread-entry.ts). */
export type RenderThreadData = { entryUrl: string; baseUrl: string };
/** Main thread to render thread: a page to render, or the answer to one of its reads. */
export type RenderThreadRequest =
  | { type: "render"; id: number; url: string }
  | { type: "fetched"; id: number; status: number; body: string; contentType: string };
type Rendered = { type: "rendered"; id: number; page?: RenderedPage; error?: string };
type FetchRequest = { type: "fetch"; id: number; url: string };
/** Render thread to main thread: a page (or why not), or a read it asks for. */
export type RenderThreadReply = Rendered | FetchRequest;

/**
 * Renders storefront pages on a thread of their own. A render is tens of milliseconds of React work;
 * on the main thread every request queued behind it waited that long, and under staff writes pages
 * render again every second. Here the event loop only answers the page's API reads (from cache),
 * and the rendering runs on another core.
 *
 * The thread starts with the first render. A render that fails or takes longer than `timeoutMs`
 * answers undefined (the page is then rendered in the browser); a thread that dies is replaced on
 * the next render.
 */
export function createRenderThread(options: {
  entryUrl: string;
  baseUrl: string;
  fetch: PageFetch;
  timeoutMs?: number;
  onError?: (error: unknown) => void;
}) {
  const timeoutMs = options.timeoutMs ?? 5_000;
  let worker: Worker | undefined;
  let nextId = 0;
  const renders = new Map<number, (page: RenderedPage | undefined) => void>();

  const start = () => {
    const workerData: RenderThreadData = { entryUrl: options.entryUrl, baseUrl: options.baseUrl };
    const started = startThread(import.meta.url, "render-thread-entry", { workerData });
    const send = (request: RenderThreadRequest) => started.postMessage(request);
    started.on("message", (message: RenderThreadReply) => {
      if (message.type === "fetch") {
        options.fetch(message.url).then(
          (answer) => send({ type: "fetched", id: message.id, ...answer }),
          (error: unknown) => {
            options.onError?.(error);
            send({ type: "fetched", id: message.id, status: 500, body: "", contentType: "text/plain" });
          },
        );
        return;
      }
      if (message.error) options.onError?.(new Error(message.error));
      renders.get(message.id)?.(message.page);
      renders.delete(message.id);
    });
    started.on("error", (error) => options.onError?.(error));
    started.on("exit", () => {
      if (worker === started) worker = undefined;
      for (const finish of renders.values()) finish(undefined);
      renders.clear();
    });
    // Never the reason the process stays up.
    started.unref();
    return started;
  };

  return {
    render(url: string): Promise<RenderedPage | undefined> {
      worker ??= start();
      const id = nextId++;
      const thread = worker;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          renders.delete(id);
          resolve(undefined);
        }, timeoutMs);
        timer.unref();
        renders.set(id, (page) => {
          clearTimeout(timer);
          resolve(page);
        });
        const request: RenderThreadRequest = { type: "render", id, url };
        thread.postMessage(request);
      });
    },
    async close(): Promise<void> {
      const closing = worker;
      worker = undefined;
      await closing?.terminate();
    },
  };
}
