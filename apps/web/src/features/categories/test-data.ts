import type { CategoryDto, SubcategoryDto } from "@shop/shared/schemas/products";
import { fakeFetch } from "@/test/fake-fetch";

const at = "2025-03-05T10:00:00.000Z";

export const locks: CategoryDto = {
  _id: "0190a5b2-0000-7000-8000-0000000000c1",
  name: "Smart Locks",
  slug: "smart-locks",
  description: "Keyless entry",
  image: null,
  sortOrder: 0,
  productCount: 2,
  createdAt: at,
  updatedAt: at,
};

const sensors: CategoryDto = {
  ...locks,
  _id: "0190a5b2-0000-7000-8000-0000000000c2",
  name: "Smart Sensors",
  slug: "smart-sensors",
  description: "",
  productCount: 0,
};

export const deadbolts: SubcategoryDto = {
  _id: "0190a5b2-0000-7000-8000-0000000000d1",
  name: "Deadbolts",
  slug: "deadbolts",
  category: locks._id,
  description: "",
};

type Failure = { status: number; message: string; errors?: Record<string, string> };
/** A refusal the next matching write gets, keyed "METHOD /api/path" with ids as `:id`. */
export type Refusals = Record<string, Failure>;

const slugOf = (name: string) => name.toLowerCase().trim().replace(/\s+/g, "-");

/** Rows the fake server keeps, changed by POST, PUT and DELETE as the real one would. */
function rowsOf<Row extends { _id: string; name: string; slug: string }>(initial: Row[], template: Row) {
  const rows = [...initial];
  let made = 0;
  return {
    rows,
    create(body: Partial<Row> & { name: string }) {
      made += 1;
      const row: Row = {
        ...template,
        _id: `0190a5b2-0000-7000-8000-${String(made).padStart(12, "f")}`,
        slug: slugOf(body.name),
        ...body,
      };
      rows.push(row);
      return row;
    },
    update(id: string, changes: Partial<Row>) {
      const index = rows.findIndex((row) => row._id === id);
      rows[index] = { ...(rows[index] as Row), ...changes };
      return rows[index];
    },
    remove(id: string) {
      rows.splice(
        rows.findIndex((row) => row._id === id),
        1,
      );
      return null;
    },
  };
}

/**
 * A small categories API with state: writes change what the next GET lists, so a test sees the
 * screen refresh from the server, not from what it sent. `refuse` makes a write fail once.
 */
export function fakeCatalogueApi({
  categories = [locks, sensors],
  subcategories = [deadbolts],
  refuse = {},
}: {
  categories?: CategoryDto[];
  subcategories?: SubcategoryDto[];
  refuse?: Refusals;
} = {}) {
  const cats = rowsOf(categories, { ...locks, description: "", productCount: 0 });
  const subs = rowsOf(subcategories, deadbolts);
  const ok = (data: unknown) => ({ body: { success: true, message: "ok", data } });
  return fakeFetch(async (request) => {
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname.replace(/\/[0-9a-f-]{36}$/, "/:id")}`;
    const refusal = refuse[key];
    if (refusal) {
      delete refuse[key];
      return { status: refusal.status, body: { success: false, message: refusal.message, errors: refusal.errors } };
    }
    const id = url.pathname.split("/").at(-1) ?? "";
    const json = <T>() => request.json() as Promise<T>;
    switch (key) {
      case "GET /api/categories":
        return ok(cats.rows);
      case "GET /api/subcategories":
        return ok(subs.rows.filter((sub) => sub.category === url.searchParams.get("categoryId")));
      case "POST /api/categories":
        return ok(cats.create(await json<CategoryDto>()));
      case "PUT /api/categories/:id":
        return ok(cats.update(id, await json<Partial<CategoryDto>>()));
      case "DELETE /api/categories/:id":
        return ok(cats.remove(id));
      case "POST /api/subcategories":
        return ok(subs.create(await json<SubcategoryDto>()));
      case "PUT /api/subcategories/:id":
        return ok(subs.update(id, await json<Partial<SubcategoryDto>>()));
      case "DELETE /api/subcategories/:id":
        return ok(subs.remove(id));
      default:
        return { status: 404, body: { success: false, message: `no fake for ${key}` } };
    }
  });
}

/** What the screens' writes sent: method, path and JSON body, in order. */
export async function writesOf(requests: Request[]) {
  const writes = requests.filter((request) => request.method !== "GET");
  return Promise.all(
    writes.map(async (request) => ({
      method: request.method,
      path: new URL(request.url).pathname,
      body: request.method === "DELETE" ? undefined : await request.clone().json(),
    })),
  );
}
