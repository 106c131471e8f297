import { createConfig, lintFromString } from "@redocly/openapi-core";
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

it("passes Redocly's recommended rules with no errors", async () => {
  const response = await app.inject({ url: "/api/docs" });
  const config = await createConfig({ extends: ["recommended"] });
  const problems = await lintFromString({ source: response.body, absoluteRef: "/api/docs.json", config });
  const errors = problems.filter((problem) => problem.severity === "error");
  const where = (problem: (typeof problems)[number]) => problem.location[0]?.pointer ?? "";
  const report = errors.map((problem) => `${problem.ruleId} ${where(problem)}: ${problem.message}`);
  expect(errors.length, `${errors.length} errors:\n${report.join("\n")}`).toBe(0);
});
