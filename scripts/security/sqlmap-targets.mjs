// What sqlmap.mjs attacks: every list/search endpoint with all of its filter and sort parameters, plus
// the two public detail routes whose path segment reaches a query. The starting values are taken from
// rows that exist, so each list answers with data: boolean-blind detection needs a page that can change.
import { api } from "./lib.mjs";

const word = (text) => (text.match(/[A-Za-z]{3,}/)?.[0] ?? text).toLowerCase();

async function must(base, method, url, options) {
  const response = await api(base, method, url, options);
  if (response.status >= 300)
    throw new Error(`${method} ${url} → ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** Gives the lists something to find: a role, a staff user, a tag, subscribers and enquiries. */
async function seed(base, token) {
  const permissions = ["contact:view-contacts"];
  const role = await must(base, "POST", "/api/roles/create-role", {
    token,
    body: { name: "Quartz support", description: "Answers enquiries", permissions },
  });
  const user = await must(base, "POST", "/api/users", {
    token,
    body: {
      name: "Quinn Quartz",
      email: "quinn.quartz@example.com",
      phone: "5550100100",
      role: role._id,
      password: "quartz-pass-1",
    },
  });
  const tag = await must(base, "POST", "/api/newsletter-tags/tags", {
    token,
    body: { name: "Quartz buyers", description: "People who asked about quartz" },
  });
  // The public forms allow 5 posts a minute per address; the server trusts 127.0.0.1 as its proxy (TRUST_PROXY), so each comes from its own.
  for (const [i, email] of ["quartz.one@example.com", "quartz.two@example.com"].entries()) {
    await must(base, "POST", "/api/newsletter/subscriber", { body: { email }, ip: `10.9.0.${i + 1}` });
  }
  for (const [i, name] of ["Quentin Quartz", "Paula Pebble"].entries()) {
    await must(base, "POST", "/api/contacts", {
      ip: `10.9.1.${i + 1}`,
      body: { name, email: `c${i}@example.com`, phone: "5550100200", subject: "Quartz hub", request: "Does it pair?" },
    });
  }
  const subscribers = await must(base, "GET", "/api/newsletter/get-all-subscriber?search=quartz", { token });
  const [first] = list(subscribers);
  await must(base, "POST", "/api/newsletter/assign-bulk-tags", {
    token,
    body: { tagIds: [tag._id], subscriberIds: [first._id] },
  });
  return { role, user, tag, subscriber: first };
}

const list = (data) => (Array.isArray(data) ? data : (Object.values(data).find(Array.isArray) ?? []));

export async function buildTargets(base, token, adminId) {
  const { role, tag, subscriber } = await seed(base, token);
  const [product] = list(await must(base, "GET", "/api/products?limit=1&sortBy=name&sortOrder=asc"));
  const [post] = list(await must(base, "GET", "/api/blog/posts"));
  if (!product || !post) throw new Error("the sample catalogue is missing: SAMPLE_DATA did not seed");
  const q = (params) => new URLSearchParams(params).toString();
  const productQuery = {
    page: "1",
    limit: "12",
    sortBy: "price",
    sortOrder: "asc",
    search: word(product.name),
    ...(product.category && { category: product.category.slug }),
    ...(product.subcategory && { subcategory: product.subcategory.slug }),
    ...(product.compatibility?.[0] && { compatibility: product.compatibility[0] }),
    inStock: String(product.inStock),
    isNew: String(product.isNew),
    minPrice: "0",
    maxPrice: "100000",
    status: "active",
  };
  return [
    { name: "GET /api/products", url: `/api/products?${q(productQuery)}` },
    { name: "GET /api/products/:id", url: `/api/products/${product.slug}*` },
    { name: "GET /api/blog/posts/:slug", url: `/api/blog/posts/${post.slug}*` },
    {
      name: "GET /api/blog/admin/posts",
      url: `/api/blog/admin/posts?${q({ page: "1", limit: "10", search: word(post.title), status: "published" })}`,
      token,
    },
    {
      name: "GET /api/newsletter/get-all-subscriber",
      url: `/api/newsletter/get-all-subscriber?${q({
        page: "1",
        limit: "10",
        search: "quartz",
        sortBy: "email",
        sortOrder: "asc",
        status: subscriber.status,
        tagIds: tag._id,
      })}`,
      token,
    },
    { name: "GET /api/newsletter-tags/get-all-tags", url: `/api/newsletter-tags/get-all-tags?search=quartz`, token },
    {
      name: "GET /api/contacts",
      url: `/api/contacts?${q({
        page: "1",
        limit: "10",
        search: "quartz",
        status: "notActioned",
        messageType: "general",
        from: "2000-01-01",
        to: "2100-01-01",
        sortBy: "name",
        sortOrder: "asc",
      })}`,
      token,
    },
    {
      name: "GET /api/activity-logs",
      url: `/api/activity-logs?${q({
        page: "1",
        limit: "10",
        module: "auth",
        status: "Success",
        userId: adminId,
        from: "2000-01-01",
        to: "2100-01-01",
        search: "signed",
      })}`,
      token,
    },
    {
      name: "GET /api/users/get-all-users",
      url: `/api/users/get-all-users?${q({
        page: "1",
        limit: "10",
        search: "quartz",
        role: role._id,
        isActive: "true",
        sortBy: "name",
        sortOrder: "asc",
      })}`,
      token,
    },
    { name: "GET /api/roles/get-all-role", url: `/api/roles/get-all-role?page=1&limit=10&search=quartz`, token },
  ];
}

/** Each target must answer 200 with rows before it is attacked: a scan of an error page proves nothing. */
export async function checkBaseline(base, target) {
  const response = await api(base, "GET", target.url.replace("*", ""), { token: target.token });
  if (response.status !== 200) return `baseline answered ${response.status}: ${JSON.stringify(response.body)}`;
  const data = response.body.data;
  const rows = Array.isArray(data) ? data.length : data && typeof data === "object" ? list(data).length || 1 : 0;
  return rows > 0 ? undefined : "baseline answered no rows";
}
