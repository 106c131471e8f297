import type { ActivityLogDto } from "@shop/shared/schemas/activity-logs";
import type { ContactAssigneeDto, ContactDetailDto, ConversationEntry } from "@shop/shared/schemas/contact-threads";
import type { ContactCounts, ContactDto } from "@shop/shared/schemas/contacts";
import type { DashboardData as DashboardBlocks } from "@shop/shared/schemas/dashboard";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { contacts } from "../src/db/schema/index.ts";
import { getSettings } from "../src/modules/settings/service.ts";
import { call, createStaff, createTestApp, signIn, testAdmin } from "./harness.ts";
import { decodedBody, startSmtpSink } from "./smtp-sink.ts";

const sink = await startSmtpSink();
afterAll(() => sink.close());
const sender = { name: "Inbox Test Shop", address: "shop@inbox.example" };
const { app, database } = await createTestApp({
  config: { SMTP_URL: sink.url, MAIL_FROM: `${sender.name} <${sender.address}>` },
});
const settings = await getSettings(database.db);
const admin = await signIn(app);
const support = await createStaff(app, admin, ["contact:view-contacts", "contact:update-status"]);
const viewer = await createStaff(app, admin, ["contact:view-contacts"]);
const marketing = await createStaff(app, admin, ["newsletter:view-subscribers"]);

let ip = 0;
async function enquire(name: string, overrides: Record<string, unknown> = {}): Promise<string> {
  ip += 1;
  const response = await call<{ _id: string }>(app, {
    method: "POST",
    url: "/api/contacts",
    ip: `198.19.${ip >> 8}.${ip & 255}`,
    body: {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
      phone: "0123456789",
      subject: "Product Buy",
      request: `Inquiry about Fortress Fingerprint Lock\nDo you ship to Oslo?`,
      messageType: "productRequest",
      ...overrides,
    },
  });
  if (response.status !== 201) throw new Error(`enquiry failed: ${response.text}`);
  return response.body.data._id;
}

const detail = (id: string, token = admin) => call<ContactDetailDto>(app, { url: `/api/contacts/${id}`, token });
const reply = (id: string, body: unknown, token = admin) =>
  call<ConversationEntry>(app, { method: "POST", url: `/api/contacts/${id}/replies`, token, body });
const note = (id: string, body: unknown, token = admin) =>
  call<ConversationEntry>(app, { method: "POST", url: `/api/contacts/${id}/notes`, token, body });
const assign = (id: string, userId: string | null, token = admin) =>
  call<ContactDto>(app, { method: "PUT", url: `/api/contacts/${id}/assignee`, token, body: { userId } });
const replies = (subject: string) => sink.messages.filter((m) => m.headers.get("subject") === subject);

async function contactLogs(action: string): Promise<ActivityLogDto[]> {
  const logs = await call<{ logs: ActivityLogDto[] }>(app, {
    url: "/api/activity-logs?module=contact&limit=100",
    token: admin,
  });
  return logs.body.data.logs.filter((log) => log.action === action);
}

/** Makes a contact look as if it came in `hours` ago. */
async function age(id: string, hours: number): Promise<void> {
  await database.db
    .update(contacts)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(eq(contacts.id, id));
}

describe("replying to a contact", () => {
  it("mails the reply from the shop with Reply-To the shop, quoting the request, and keeps it on the contact", async () => {
    const id = await enquire("Nina Buyer");
    const sent = await reply(id, { body: "Yes, we ship to Oslo.\nDelivery takes 3 days." });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ kind: "reply", author: { name: testAdmin.name }, delivery: "pending" });

    await app.outbox.drain();
    const [mail, ...others] = replies("Re: Product Buy");
    expect(others).toHaveLength(0);
    expect(mail?.to).toEqual(["nina.buyer@example.com"]);
    expect(mail?.from).toBe(sender.address);
    expect(mail?.headers.get("from")).toBe(`${sender.name} <${sender.address}>`);
    expect(mail?.headers.get("reply-to")).toBe(settings.contactEmail);
    const text = decodedBody(mail?.raw ?? "");
    expect(text).toContain("Yes, we ship to Oslo.");
    expect(text).toContain("Nina Buyer wrote:");
    expect(text).toContain("> Inquiry about Fortress Fingerprint Lock");
    expect(text).toContain("> Do you ship to Oslo?");
    expect(text.indexOf("Yes, we ship to Oslo.")).toBeLessThan(text.indexOf("> Do you ship to Oslo?"));

    const read = await detail(id);
    expect(read.body.data.status).toBe("inProgress");
    expect(read.body.data.conversation.map((entry) => [entry.kind, entry.author.name, entry.delivery])).toEqual([
      ["request", "Nina Buyer", undefined],
      ["reply", testAdmin.name, "sent"],
    ]);
  });

  it("moves a not-actioned contact to in progress, and leaves any other status alone", async () => {
    const fresh = await enquire("Fresh Fiona");
    const done = await enquire("Done Dora");
    await call(app, { method: "PUT", url: `/api/contacts/${done}`, token: admin, body: { status: "completed" } });
    await reply(fresh, { body: "On it." });
    await reply(done, { body: "One more thing." });
    expect((await detail(fresh)).body.data.status).toBe("inProgress");
    expect((await detail(done)).body.data.status).toBe("completed");

    const [log] = (await contactLogs("Reply to contact")).filter((l) => l.details?.contactId === fresh);
    expect(log?.description).toContain("Fresh Fiona");
    expect(log?.details?.fieldChanges).toEqual({
      original: { status: "notActioned" },
      updated: { status: "inProgress" },
    });
    const [quiet] = (await contactLogs("Reply to contact")).filter((l) => l.details?.contactId === done);
    expect(quiet?.details?.fieldChanges).toBeUndefined();
  });

  it("refuses an empty or overlong reply, a stray field, an unknown contact and a caller without update-status", async () => {
    const id = await enquire("Picky Pat");
    expect((await reply(id, { body: "   " })).status).toBe(400);
    expect((await reply(id, { body: "x".repeat(5001) })).status).toBe(400);
    expect((await reply(id, { body: "ok", to: "evil@example.com" })).status).toBe(400);
    expect((await reply("not-a-uuid", { body: "ok" })).status).toBe(400);
    expect((await reply("0195a1b2-0000-7000-8000-00000000dead", { body: "ok" })).status).toBe(404);
    expect((await reply(id, { body: "ok" }, viewer.token)).status).toBe(403);
    expect((await reply(id, { body: "x".repeat(5000) }, support.token)).status).toBe(201);
    const read = await detail(id, viewer.token);
    expect(read.body.data.conversation.map((entry) => entry.kind)).toEqual(["request", "reply"]);
    expect(read.body.data.conversation[1]?.author).toEqual({ _id: support.userId, name: "Staff Member" });
    const failures = (await contactLogs("Reply to contact")).filter((l) => l.status === "Failure");
    expect(failures.length).toBeGreaterThanOrEqual(4);
  });
});

describe("internal notes", () => {
  it("keeps a note with its author and time, shows it in order, and never mails it", async () => {
    const id = await enquire("Quiet Quinn");
    await reply(id, { body: "First reply." });
    const added = await note(id, { body: "Customer called, wants the black one." }, support.token);
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ kind: "note", author: { _id: support.userId, name: "Staff Member" } });
    expect(added.body.data.delivery).toBeUndefined();
    await app.outbox.drain();
    const toQuinn = sink.messages.filter((m) => m.to.includes("quiet.quinn@example.com"));
    expect(toQuinn.filter((m) => m.headers.get("subject") === "Re: Product Buy")).toHaveLength(1);
    expect(toQuinn.filter((m) => m.raw.includes("black one"))).toHaveLength(0);

    const read = await detail(id);
    expect(read.body.data.conversation.map((entry) => entry.kind)).toEqual(["request", "reply", "note"]);
    const times = read.body.data.conversation.map((entry) => Date.parse(entry.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(read.body.data.status).toBe("inProgress");

    const [log] = (await contactLogs("Add contact note")).filter((l) => l.details?.contactId === id);
    expect(log?.userId?._id).toBe(support.userId);
    expect(log?.details?.onActioned).toEqual({ name: "Quiet Quinn", email: "quiet.quinn@example.com" });
  });

  it("refuses notes without the permission, empty, too long or on an unknown contact", async () => {
    const id = await enquire("Note Nobody");
    expect((await note(id, { body: "hi" }, viewer.token)).status).toBe(403);
    expect((await note(id, { body: "" })).status).toBe(400);
    expect((await note(id, { body: "x".repeat(5001) })).status).toBe(400);
    expect((await note("0195a1b2-0000-7000-8000-00000000dead", { body: "hi" })).status).toBe(404);
    expect((await detail(id)).body.data.status).toBe("notActioned");
  });
});

describe("assignment", () => {
  it("lists active staff who may view contacts as assignees", async () => {
    const gone = await createStaff(app, admin, ["contact:view-contacts"]);
    await call(app, { method: "PUT", url: `/api/users/${gone.userId}`, token: admin, body: { isActive: false } });
    const listed = await call<ContactAssigneeDto[]>(app, { url: "/api/contacts/assignees", token: support.token });
    const ids = listed.body.data.map((person) => person._id);
    expect(ids).toContain(support.userId);
    expect(ids).toContain(viewer.userId);
    expect(ids).not.toContain(marketing.userId);
    expect(ids).not.toContain(gone.userId);
    expect(listed.body.data.map((person) => person.email)).toContain(testAdmin.email);
    expect((await call(app, { url: "/api/contacts/assignees", token: viewer.token })).status).toBe(403);
  });

  it("assigns to a staff member and back to nobody, logging each change", async () => {
    const id = await enquire("Assigned Ava");
    const assigned = await assign(id, support.userId);
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.assignee).toEqual({ _id: support.userId, name: "Staff Member" });
    expect((await detail(id)).body.data.assignee?._id).toBe(support.userId);

    const cleared = await assign(id, null, support.token);
    expect(cleared.body.data.assignee).toBeNull();

    const logs = (await contactLogs("Assign contact")).filter((l) => l.details?.contactId === id);
    expect(logs.map((l) => l.details?.fieldChanges)).toEqual([
      { original: { assignee: "Staff Member" }, updated: { assignee: "Unassigned" } },
      { original: { assignee: "Unassigned" }, updated: { assignee: "Staff Member" } },
    ]);
  });

  it("refuses someone who may not view contacts, an unknown user, a viewer and an unknown contact", async () => {
    const id = await enquire("Refused Rita");
    const wrong = await assign(id, marketing.userId);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.userId).toBe("Choose an active staff member who can view contacts");
    expect((await assign(id, "0195a1b2-0000-7000-8000-00000000beef")).status).toBe(400);
    expect((await assign(id, "nobody")).status).toBe(400);
    expect((await assign(id, support.userId, viewer.token)).status).toBe(403);
    expect((await assign("0195a1b2-0000-7000-8000-00000000dead", support.userId)).status).toBe(404);
    expect((await detail(id)).body.data.assignee).toBeNull();
  });
});

describe("inbox filters and the overdue promise", () => {
  it('filters by "assigned to me", "unassigned" and "overdue", and marks overdue rows', async () => {
    const mine = await enquire("Mine Mia");
    const old = await enquire("Old Olga");
    const oldButHandled = await enquire("Handled Hal");
    const recent = await enquire("Recent Rob");
    await assign(mine, support.userId);
    await age(old, 25);
    await age(oldButHandled, 30);
    await age(recent, 23);
    await call(app, { method: "PUT", url: `/api/contacts/${oldButHandled}`, token: admin, body: { status: "onHold" } });

    type List = { contacts: ContactDto[] };
    const list = async (query: string, token = support.token) =>
      (await call<List>(app, { url: `/api/contacts?limit=100&${query}`, token })).body.data.contacts;

    expect((await list("assigned=me")).map((c) => c._id)).toEqual([mine]);
    expect((await list("assigned=me", viewer.token)).map((c) => c._id)).toEqual([]);
    const unassigned = (await list("assigned=none")).map((c) => c._id);
    expect(unassigned).toContain(old);
    expect(unassigned).not.toContain(mine);

    const overdue = await list("overdue=true");
    expect(overdue.map((c) => c._id)).toEqual([old]);
    expect(overdue[0]?.overdue).toBe(true);
    const all = await list("");
    const flag = (id: string) => all.find((c) => c._id === id)?.overdue;
    expect([flag(old), flag(oldButHandled), flag(recent), flag(mine)]).toEqual([true, false, false, false]);
    expect(all.find((c) => c._id === mine)?.assignee?.name).toBe("Staff Member");

    const counts = await call<ContactCounts>(app, {
      url: "/api/contacts/get-contact-counts?overdue=true",
      token: support.token,
    });
    expect(counts.body.data).toMatchObject({ notActioned: 1, total: 1 });
    expect((await call(app, { url: "/api/contacts?overdue=maybe", token: admin })).status).toBe(400);
    expect((await call(app, { url: "/api/contacts?assigned=someone", token: admin })).status).toBe(400);

    const dashboard = await call<DashboardBlocks>(app, { url: "/api/dashboard", token: support.token });
    expect(dashboard.body.data.contacts?.overdue).toBe(1);

    // A reply is the action the promise asks for: the contact stops being overdue.
    await reply(old, { body: "Sorry for the wait." }, support.token);
    expect(await list("overdue=true")).toEqual([]);
  });
});

describe("what the list says an enquiry is about", () => {
  it('names the product ("Product: …") or counts the cart ("Cart: N items"), else shows the subject', async () => {
    const product = await enquire("About Product");
    const cart = await enquire("About Cart", {
      subject: "Quote request",
      messageType: "quoteRequest",
      request: "Quote request for:\n2 × Smart Lock ($99.00)\n1 × Aura Touch Switch ($49.99)\n\nTotal: $247.99",
    });
    const other = await enquire("About Other", { subject: "Opening hours", messageType: "general" });
    type List = { contacts: ContactDto[] };
    const listed = (await call<List>(app, { url: "/api/contacts?limit=100&search=About", token: admin })).body.data;
    const aboutOf = (id: string) => listed.contacts.find((contact) => contact._id === id)?.about;
    expect(aboutOf(product)).toBe("Product: Fortress Fingerprint Lock");
    expect(aboutOf(cart)).toBe("Cart: 3 items");
    expect(aboutOf(other)).toBe("Opening hours");
  });
});
