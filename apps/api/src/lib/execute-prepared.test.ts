import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "../db/client.ts";
import { products } from "../db/schema/index.ts";
import { executePrepared } from "./sql.ts";

const database = await openDatabase({ kind: "pglite" });
await database.migrate();
afterAll(() => database.close());

it("prints a query's SQL once, and still runs it as a named statement with its parameters", async () => {
  const query = database.db.select({ id: products.id }).from(products).where(eq(products.slug, "nothing-here"));
  const dialect = (query as unknown as { dialect: { sqlToQuery: (...args: unknown[]) => unknown } }).dialect;
  const print = dialect.sqlToQuery;
  let prints = 0;
  dialect.sqlToQuery = function (this: unknown, ...args: unknown[]) {
    prints += 1;
    return print.apply(this, args);
  };
  try {
    expect(await executePrepared(query)).toEqual([]);
  } finally {
    dialect.sqlToQuery = print;
  }
  expect(prints).toBe(1);
  // The dialect is shared by every query: it must be left as it was.
  expect(dialect.sqlToQuery).toBe(print);
});
