import { expect, it } from "vitest";
import { createTestApp } from "../../test/harness.ts";

const { app } = await createTestApp();

it("describes every API route in OpenAPI, generated from the route schemas", async () => {
  const response = await app.inject({ url: "/api/docs" });
  expect(response.statusCode).toBe(200);
  const doc = response.json() as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> };
  expect(doc.openapi).toMatch(/^3\./);
  for (const { method, url } of app.routeAccess) {
    if (url === "/api/docs") continue;
    const openApiPath = url.replace(/:(\w+)/g, "{$1}");
    expect(doc.paths[openApiPath]?.[method.toLowerCase()], `${method} ${url}`).toBeDefined();
  }
  expect(doc.paths["/api/users/login"]?.post?.requestBody).toBeDefined();
});
