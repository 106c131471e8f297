import { vi } from "vitest";

type Reply = { status?: number; body?: unknown };

/**
 * Stands in for the network (the edge of the app): answers every call with `reply`, records each request.
 * `reply` may be async, for a stand-in that reads the request's body (a fake server with state).
 */
export function fakeFetch(reply: Reply | ((request: Request) => Reply | Promise<Reply>)) {
  const requests: Request[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), "http://shop.test"), init);
    requests.push(request);
    const { status = 200, body } = typeof reply === "function" ? await reply(request.clone()) : reply;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, requests };
}
