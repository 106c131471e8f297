import type { CampaignDto } from "@shop/shared/schemas/campaigns";
import { afterAll, expect, it, vi } from "vitest";
import { createCampaignSender, defaultSenderOptions } from "../src/jobs/campaign-sender.ts";
import { startCampaignRig } from "./campaign-rig.ts";
import { call } from "./harness.ts";

/**
 * "Send now" must set the sender's loop going at once, not on its next poll: each test gives the
 * loop an idle interval far longer than its patience, so only the wake can deliver in time. The
 * gate holds a claim that found nothing, so that the campaign starts and wakes the sender between
 * that empty claim and the loop going idle — a wake no resting lane was there to hear.
 */
const gate = vi.hoisted(() => {
  let open: () => void = () => {};
  const state = { held: 0, closed: false, wait: Promise.resolve() };
  return {
    state,
    close() {
      state.closed = true;
      state.held = 0;
      state.wait = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
    open() {
      state.closed = false;
      open();
    },
  };
});

vi.mock("../src/modules/campaigns/recipient-queue.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../src/modules/campaigns/recipient-queue.ts")>();
  return {
    ...actual,
    claimRecipients: async (...args: Parameters<typeof actual.claimRecipients>) => {
      const claimed = await actual.claimRecipients(...args);
      if (gate.state.closed && claimed.length === 0) {
        gate.state.held += 1;
        await gate.state.wait;
      }
      return claimed;
    },
  };
});

const recipients = 20;
/** Far beyond what any test here waits: a campaign delivered in time was woken, not polled. */
const idleMs = 600_000;
/** Within a test's timeout (30 s), yet far below the idle interval. */
const patienceMs = 25_000;

const rig = await startCampaignRig({});
const sender = createCampaignSender(
  rig.app.db,
  rig.app.mailer,
  { secret: rig.linkSecret, publicUrl: "http://shop.test" },
  { ...defaultSenderOptions, idleMs, schedulerMs: idleMs },
);
rig.app.wakeSender = () => sender.wake();
afterAll(() => gate.open());
for (let i = 0; i < recipients; i += 1) await rig.signUp(`wake${i}@example.com`);

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + patienceMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${patienceMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts a new campaign to everyone with "Send now"; answers its id. */
async function sendNow(subject: string): Promise<string> {
  const created = await call<CampaignDto>(rig.app, {
    method: "POST",
    url: "/api/compose-mail",
    token: rig.admin,
    body: { subject, preheader: "", html: "<p>Hello {{email}}</p>", audience: { type: "all" } },
  });
  const started = await call(rig.app, {
    method: "POST",
    url: "/api/emailhistory/send-mail",
    token: rig.admin,
    body: { mailId: created.body.data._id },
  });
  expect(started.status).toBe(202);
  return created.body.data._id;
}

async function sentInFull(id: string): Promise<void> {
  await until("the campaign is sent", async () => {
    const found = await call<CampaignDto>(rig.app, { url: `/api/emailhistory/${id}`, token: rig.admin });
    return found.body.data.status === "sent";
  });
  const found = await call<CampaignDto>(rig.app, { url: `/api/emailhistory/${id}`, token: rig.admin });
  expect(found.body.data.recipientCount).toBe(recipients);
}

it("a campaign started while the loop's claim finds nothing is still sent at once", async () => {
  gate.close();
  sender.start();
  // Both lanes have claimed nothing and are held before they could go idle.
  await until("both lanes claimed nothing", async () => gate.state.held === 2);
  const id = await sendNow("Started between a claim and the rest");
  gate.open();
  await sentInFull(id);
});

it("a campaign started while the loop idles is sent at once, and so is the next", async () => {
  for (const subject of ["First of two", "Second of two"]) await sentInFull(await sendNow(subject));
});

it("stops at once while idle, not after its idle interval", async () => {
  const began = performance.now();
  await sender.stop();
  expect(performance.now() - began).toBeLessThan(patienceMs);
});
