import type { FastifyInstance } from "fastify";
import { call } from "../harness.ts";
import type { multipart } from "../multipart.ts";
import type { Method } from "./support.ts";

/** One request of a write route, with a valid body, against a record made for it alone. */
export type Probe = {
  url: string;
  body?: unknown;
  /** A multipart body instead of JSON. */
  form?: ReturnType<typeof multipart>;
  /** A session of its own, for routes that end or narrow the caller's sessions; a webhook's bearer token. */
  token?: string;
  /** A webhook's credentials or signature. */
  headers?: Record<string, string>;
};

export type Admin = { app: FastifyInstance; admin: string };

export type FixtureContext = Admin & {
  /** A disposable person holding what the probing caller holds, signed in. */
  lookalike: () => Promise<{ token: string; password: string }>;
  /** What the probing caller holds, for a route whose valid body depends on it (an upload's folder). */
  holds: string[] | "super";
};

export type Fixture = (context: FixtureContext) => Promise<Probe>;

let counter = 0;
export const unique = () => {
  counter += 1;
  return `${counter}-${Math.random().toString(36).slice(2, 7)}`;
};
// Public writes are rate limited per address: each anonymous probe comes from its own.
let address = 0;
export const nextIp = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

export async function made(context: Admin, url: string, body: unknown, method: Method = "POST"): Promise<string> {
  const response = await call<{ _id: string }>(context.app, { method, url, body, token: context.admin });
  if (response.status >= 300) throw new Error(`${method} ${url} failed: ${response.status} ${response.text}`);
  return response.body.data._id;
}

export const emptyRole = (c: Admin) =>
  made(c, "/api/roles/create-role", { name: `Empty ${unique()}`, permissions: [] });
export const person = async (c: FixtureContext) =>
  made(c, "/api/users", {
    name: "Probe Person",
    email: `probe-${unique()}@example.com`,
    phone: "0123456789",
    role: await emptyRole(c),
    password: "probe-password",
  });
