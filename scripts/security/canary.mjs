// A deliberately injectable endpoint on loopback: the SQL is built by string concatenation over an
// in-memory PGlite. sqlmap.mjs scans it first and fails unless sqlmap flags it, so "nothing found" on
// the real API means the scanner and the output parser were working, not that they were blind.
import { createServer } from "node:http";

export async function startCanary() {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = new PGlite();
  await db.exec(`
    CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL);
    INSERT INTO items VALUES (1, 'hub'), (2, 'bulb'), (3, 'lock');
  `);
  const server = createServer(async (request, response) => {
    const id = new URL(request.url ?? "/", "http://127.0.0.1").searchParams.get("id") ?? "1";
    try {
      // The bug on purpose: the parameter is pasted into the SQL text.
      const result = await db.query(`SELECT id, name FROM items WHERE id = ${id}`);
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ success: true, data: result.rows }));
    } catch (error) {
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ success: false, message: String(error?.message ?? error) }));
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/items?id=1`,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await db.close();
    },
  };
}
