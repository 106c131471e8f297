import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { openDatabase } from "../src/db/client.ts";
import { testConfig } from "./harness.ts";

// A PostgreSQL that is not there: nothing listens on port 1.
const database = await openDatabase({ kind: "postgres", url: "postgres://postgres@127.0.0.1:1/none" });
const app = await buildApp(testConfig(), { database });
afterAll(async () => {
  await app.close();
  await database.close();
});

describe("when the database is away", () => {
  it("answers 503 with Retry-After, and health says so, rather than a 500", async () => {
    const list = await app.inject({ url: "/api/products" });
    expect(list.statusCode).toBe(503);
    expect(list.headers["retry-after"]).toBe("5");
    expect(list.json()).toEqual({ success: false, message: "The service is temporarily unavailable" });
    const login = await app.inject({
      method: "POST",
      url: "/api/users/login",
      payload: { email: "a@b.co", password: "x" },
    });
    expect(login.statusCode).toBe(503);
    const health = await app.inject({ url: "/api/health" });
    expect(health.statusCode).toBe(503);
  });
});
