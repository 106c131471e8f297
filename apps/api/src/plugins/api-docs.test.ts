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

it("documents a success answer for every operation, with its body unless it is a redirect", async () => {
  type Operation = { responses: Record<string, { content?: unknown }> };
  const doc = (await app.inject({ url: "/api/docs" })).json() as { paths: Record<string, Record<string, Operation>> };
  const undocumented = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, { responses }]) => {
        const answers = Object.entries(responses).filter(([status]) => /^[23]/.test(status));
        return !answers.some(([status, answer]) => status.startsWith("3") || answer.content !== undefined);
      })
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
  expect(undocumented).toEqual([]);
});
