import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanUp, disposeAll, type Server, signIn, startServer } from "./processes.ts";

const dataDirs: string[] = [];
afterAll(() =>
  cleanUp(disposeAll, () => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }),
);

/** CPU seconds (user + system) the process has used, and its resident memory in MB, from /proc. */
function usage(server: Server): { cpuSeconds: number; rssMb: number } {
  const pid = server.child.pid;
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return { cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100, rssMb: rssKb / 1024 };
}

type ProductList = { data: { products: Array<{ slug: string; image: string }> } };

async function sampleProducts(server: Server) {
  const response = await fetch(`${server.url}/api/products?limit=50`, { signal: AbortSignal.timeout(15_000) });
  expect(response.status).toBe(200);
  return ((await response.json()) as ProductList).data.products;
}

// `npm start` on a new machine: PGlite with nothing in DATA_DIR, sample data on. CPU time rather than
// wall time is bounded, as the test machine is shared; initdb + migrations + rasterising the artwork
// took 11.5–14.5 CPU-s and left 740–790 MB resident (bench:startup); from the build's image it takes
// 4.9–5.4 CPU-s at a load of 20 on 2 cores (a restart alone 3.4–4.0), so 8 leaves room for a busy machine.
describe("first start from an empty data dir (PGlite, sample data)", () => {
  it("is up with a seeded catalogue, working images and the configured admin, cheaply, and restarts on it", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "shop-first-start-"));
    dataDirs.push(dataDir);
    const env = { SAMPLE_DATA: "true" };
    const first = await startServer({ env, dataDir, readyTimeoutMs: 90_000 });
    const { cpuSeconds } = usage(first);

    const products = await sampleProducts(first);
    expect(products.length).toBeGreaterThan(5);
    const image = await fetch(`${first.url}${products[0]?.image}`, { signal: AbortSignal.timeout(15_000) });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\//);
    await signIn(first);
    const { rssMb } = usage(first);
    console.log(`first start: ${cpuSeconds.toFixed(2)} CPU-s to healthy, RSS once up ${rssMb.toFixed(0)} MB`);
    expect(cpuSeconds).toBeLessThan(8);
    expect(rssMb).toBeLessThan(500);

    first.signal("SIGTERM");
    await first.exited;
    const again = await startServer({ env, dataDir, readyTimeoutMs: 90_000 });
    expect((await sampleProducts(again)).map((p) => p.slug)).toEqual(products.map((p) => p.slug));
    await signIn(again);
  });
});
