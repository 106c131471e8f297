import { Worker } from "node:worker_threads";

export type RenderedPage = { html: string; state: string };
/** A GET the page asks for while it renders, answered by the main thread (through the app's own routes). */
export type PageFetch = (url: string) => Promise<{ status: number; body: string; contentType: string }>;

/**
 * The thread's code, run from source: it has no bundle of its own. It loads the web build's server
 * entry and renders pages on request; every fetch a page makes is sent back to the main thread.
 */
const threadSource = `
const { parentPort, workerData } = require("node:worker_threads");
const waiting = new Map();
let nextId = 0;
const fetchViaMain = (input, init) => {
  if ((init?.method ?? "GET") !== "GET") return Promise.resolve(new Response(null, { status: 405 }));
  const url = new URL(input instanceof Request ? input.url : String(input));
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    parentPort.postMessage({ type: "fetch", id, url: url.pathname + url.search });
  }).then((answer) => new Response(answer.body, { status: answer.status, headers: { "content-type": answer.contentType } }));
};
const renderer = import(workerData.entryUrl).then((module) =>
  module.createPageRenderer({ baseUrl: workerData.baseUrl, fetch: fetchViaMain }),
);
parentPort.on("message", async (message) => {
  if (message.type === "fetched") {
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
    return;
  }
  try {
    const page = await (await renderer)(message.url);
    parentPort.postMessage({ type: "rendered", id: message.id, page });
  } catch (error) {
    parentPort.postMessage({ type: "rendered", id: message.id, error: String(error?.message ?? error) });
  }
});
`;

type Rendered = { type: "rendered"; id: number; page?: RenderedPage; error?: string };
type FetchRequest = { type: "fetch"; id: number; url: string };

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
    const started = new Worker(threadSource, {
      eval: true,
      workerData: { entryUrl: options.entryUrl, baseUrl: options.baseUrl },
    });
    started.on("message", (message: Rendered | FetchRequest) => {
      if (message.type === "fetch") {
        options.fetch(message.url).then(
          (answer) => started.postMessage({ type: "fetched", id: message.id, ...answer }),
          (error: unknown) => {
            options.onError?.(error);
            started.postMessage({ type: "fetched", id: message.id, status: 500, body: "", contentType: "text/plain" });
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
        thread.postMessage({ type: "render", id, url });
      });
    },
    async close(): Promise<void> {
      const closing = worker;
      worker = undefined;
      await closing?.terminate();
    },
  };
}
