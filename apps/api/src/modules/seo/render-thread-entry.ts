import { parentPort, workerData } from "node:worker_threads";
import type { RenderThreadData, RenderThreadReply, RenderThreadRequest } from "./render-thread.ts";

/** What the web build's server entry (apps/web/src/entry-server.tsx) exports. */
type ServerEntry = {
  createPageRenderer(options: {
    baseUrl: string;
    fetch: typeof fetch;
  }): (url: string) => Promise<{ html: string; state: string }>;
};

/**
 * The render thread (started by render-thread.ts): loads the web build's server entry and renders
 * pages on request; every fetch a page makes is sent back to the main thread.
 */
function serve(port: NonNullable<typeof parentPort>, { entryUrl, baseUrl }: RenderThreadData): void {
  const reply = (message: RenderThreadReply) => port.postMessage(message);
  const waiting = new Map<number, (answer: Extract<RenderThreadRequest, { type: "fetched" }>) => void>();
  let nextId = 0;
  const fetchViaMain = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if ((init?.method ?? "GET") !== "GET") return Promise.resolve(new Response(null, { status: 405 }));
    const url = new URL(input instanceof Request ? input.url : String(input));
    const id = nextId++;
    return new Promise<Extract<RenderThreadRequest, { type: "fetched" }>>((resolve) => {
      waiting.set(id, resolve);
      reply({ type: "fetch", id, url: url.pathname + url.search });
    }).then(
      (answer) => new Response(answer.body, { status: answer.status, headers: { "content-type": answer.contentType } }),
    );
  };
  const renderer = (import(entryUrl) as Promise<ServerEntry>).then((module) =>
    module.createPageRenderer({ baseUrl, fetch: fetchViaMain }),
  );
  port.on("message", async (message: RenderThreadRequest) => {
    if (message.type === "fetched") {
      waiting.get(message.id)?.(message);
      waiting.delete(message.id);
      return;
    }
    try {
      const page = await (await renderer)(message.url);
      reply({ type: "rendered", id: message.id, page });
    } catch (error) {
      reply({ type: "rendered", id: message.id, error: String((error as Error | undefined)?.message ?? error) });
    }
  });
}

if (!parentPort) throw new Error("render-thread-entry runs as a worker thread (render-thread.ts starts it)");
serve(parentPort, workerData as RenderThreadData);
