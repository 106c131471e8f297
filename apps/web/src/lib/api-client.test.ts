import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeFetch } from "@/test/fake-fetch";
import { ApiError, api, configureApiClient, toResult } from "./api-client";

const onUnauthorized = vi.fn();
let token: string | null = "token-1";

beforeEach(() => {
  token = "token-1";
  onUnauthorized.mockReset();
  configureApiClient({ getToken: () => token, onUnauthorized });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("api client", () => {
  it("sends JSON with the bearer token to /api and unwraps the envelope", async () => {
    const { requests } = fakeFetch({ body: { success: true, message: "ok", data: { id: 7 } } });
    const result = await api.post<{ id: number }>("/things", { name: "lamp" }, { query: { page: 2, search: "" } });
    expect(result).toEqual({ data: { id: 7 }, message: "ok" });
    const [request] = requests;
    expect(request?.url).toBe("http://shop.test/api/things?page=2");
    expect(request?.method).toBe("POST");
    expect(request?.headers.get("authorization")).toBe("Bearer token-1");
    expect(request?.headers.get("content-type")).toBe("application/json");
    expect(await request?.json()).toEqual({ name: "lamp" });
  });

  it("sends no authorization header when signed out", async () => {
    token = null;
    const { requests } = fakeFetch({ body: { success: true, message: "ok" } });
    await api.get("/things");
    expect(requests[0]?.headers.has("authorization")).toBe(false);
  });

  it("throws an ApiError with the status, server message and field errors", async () => {
    fakeFetch({ status: 400, body: { success: false, message: "Invalid input", errors: { email: "Bad email" } } });
    const error = await api.post("/users", {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: "Invalid input", fieldErrors: { email: "Bad email" } });
  });

  it("falls back to the call's default message when the server gives none", async () => {
    fakeFetch({ status: 500, body: { success: false, message: "" } });
    const result = await toResult(api.get("/tags", { defaultMessage: "Failed to fetch tags" }));
    expect(result).toEqual({ success: false, message: "Failed to fetch tags", status: 500, errors: {} });
  });

  it("treats success: false in a 200 answer as a failure", async () => {
    fakeFetch({ body: { success: false, message: "Nope" } });
    await expect(api.get("/x")).rejects.toMatchObject({ status: 200, message: "Nope" });
  });

  it("reports any 401 as an expired session", async () => {
    fakeFetch({ status: 401, body: { success: false, message: "Unauthorized" } });
    await expect(api.get("/users/get-all-users")).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("leaves a 401 to the caller that expects one (wrong credentials at sign-in)", async () => {
    fakeFetch({ status: 401, body: { success: false, message: "Invalid email or password" } });
    const result = await toResult(api.post("/users/login", {}, { skipSessionExpiry: true }));
    expect(result).toMatchObject({ success: false, status: 401, message: "Invalid email or password" });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("turns an unreachable server into a readable failure", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("fetch failed")));
    const result = await toResult(api.get("/x"));
    expect(result.success).toBe(false);
    expect(result.success ? "" : result.status).toBe(0);
  });
});
