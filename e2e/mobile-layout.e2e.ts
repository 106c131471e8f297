import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, signInAdmin } from "./browser.ts";
import { admin, api, apiSignIn, type RunningServer, startServer } from "./server.ts";

// Phone layouts measured by element boxes: the hero's words, picture and controls apart, category
// pictures whole, and the back office's lists as cards that never scroll sideways.

let server: RunningServer;
let browser: Browser;

type Viewport = { width: number; height: number };
type Box = { x: number; y: number; width: number; height: number };

const phone: Viewport = { width: 390, height: 844 };
const smallPhone: Viewport = { width: 360, height: 740 };
const laptop: Viewport = { width: 1366, height: 900 };

/** Inbox, audience and activity log with something in them. */
async function seed(): Promise<void> {
  const token = await apiSignIn(server, admin.email, admin.password);
  const posted = await api(server, "POST", "/api/contacts", undefined, {
    name: "Maximilian Featherstonehaugh",
    email: "maximilian.featherstonehaugh@example-company-domain.com",
    phone: "0123456789",
    subject: "Product Buy",
    request: "Inquiry about Fortress Fingerprint Lock",
    messageType: "productRequest",
    createdBy: "website",
  });
  expect(posted.status).toBe(201);
  const tag = await api<{ _id: string }>(server, "POST", "/api/newsletter-tags/tags", token, {
    name: "Phone readers",
    slug: "phone-readers",
    description: "",
  });
  expect(tag.status).toBe(201);
  const form = new FormData();
  form.append("tagIds", tag.body.data._id);
  const csv = "email,name\nann.long-surname@example-company-domain.com,Ann Ash\nbob@example.com,Bob Birch\n";
  form.append("file", new Blob([csv], { type: "text/csv" }), "people.csv");
  const imported = await fetch(`${server.url}/api/csv/import-csv`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(imported.status).toBe(200);
}

beforeAll(async () => {
  process.env.SAMPLE_DATA = "true";
  server = await startServer();
  browser = await launchBrowser();
  await seed();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openAt(viewport: Viewport, path: string): Promise<Page> {
  // Reduced motion: the carousel stays on the slide being measured and slides change without a fade.
  const context = await browser.newContext({ viewport, reducedMotion: "reduce" });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await openPage(page, `${server.url}${path}`);
  return page;
}

async function box(locator: Locator): Promise<Box> {
  const measured = await locator.boundingBox();
  if (!measured) throw new Error(`${locator} has no box`);
  return measured;
}

const describeBox = (found: Box) =>
  `${Math.round(found.x)},${Math.round(found.y)} ${Math.round(found.width)}×${Math.round(found.height)}`;

/** Whether two boxes share any area (touching edges do not count). */
function overlaps(a: Box, b: Box): boolean {
  const across = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const down = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return across > 0.5 && down > 0.5;
}

function expectApart(named: [string, Box][]): void {
  for (const [index, [name, found]] of named.entries()) {
    for (const [otherName, other] of named.slice(index + 1)) {
      expect(
        overlaps(found, other),
        `${name} (${describeBox(found)}) overlaps ${otherName} (${describeBox(other)})`,
      ).toBe(false);
    }
  }
}

function expectInside(name: string, inner: Box, outer: Box): void {
  expect(inner.x, `${name} left edge`).toBeGreaterThanOrEqual(outer.x - 0.5);
  expect(inner.y, `${name} top edge`).toBeGreaterThanOrEqual(outer.y - 0.5);
  expect(inner.x + inner.width, `${name} right edge`).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
  expect(inner.y + inner.height, `${name} bottom edge`).toBeLessThanOrEqual(outer.y + outer.height + 0.5);
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);
}

type Banner = { title: string; subtitle?: string; ctaLabel?: string };

describe("home page hero", () => {
  for (const viewport of [phone, smallPhone, laptop]) {
    const onPhone = viewport.width < 640;
    it(`keeps headline, picture, link and controls apart on every slide at ${viewport.width}×${viewport.height}`, async () => {
      const banners = (await api<Banner[]>(server, "GET", "/api/hero-banners")).body.data;
      expect(banners.length, "sample banners").toBeGreaterThan(1);
      const page = await openAt(viewport, "/");
      const hero = page.getByRole("region", { name: "Highlights" });
      const heroBox = await box(hero);
      const controls: [string, Box][] = [];
      // Pause or play, whichever it offers, then previous and next.
      for (const name of [/automatic slide show$/, "Previous slide", "Next slide"]) {
        controls.push([String(name), await box(hero.getByRole("button", { name }))]);
      }

      for (const [index, banner] of banners.entries()) {
        const slide = hero.getByRole("group", { name: `${index + 1} of ${banners.length}` });
        await expect.poll(() => slide.isVisible(), { message: `slide ${index + 1} shown` }).toBe(true);
        const headline = await box(slide.getByText(banner.title, { exact: true }));
        const words: [string, Box][] = [["headline", headline]];
        if (banner.subtitle) words.push(["subtitle", await box(slide.getByText(banner.subtitle, { exact: true }))]);
        if (banner.ctaLabel) words.push(["link", await box(slide.getByRole("link", { name: banner.ctaLabel }))]);
        const picture = await box(slide.locator("img"));

        // On a phone the picture is the device: nothing may sit on it. On a wide screen it is the
        // backdrop the words are written over, so there only words and controls must stay apart.
        expectApart(onPhone ? [["picture", picture], ...words, ...controls] : [...words, ...controls]);
        for (const [name, found] of [...words, ...controls]) {
          expectInside(`slide ${index + 1} ${name}`, found, { ...heroBox, x: 0, width: viewport.width });
        }
        if (index < banners.length - 1) await hero.getByRole("button", { name: "Next slide" }).click();
      }
      expect(await horizontalOverflow(page), "horizontal overflow").toBeLessThanOrEqual(0);
      await page.context().close();
    });
  }
});

/** Each category picture, its tile and how large its content is drawn, by its object-fit. */
async function tilePictures(page: Page) {
  const tiles = page.getByRole("main").getByRole("article");
  await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  const pictures = tiles.locator("img:not([aria-hidden='true'])");
  await expect.poll(() => pictures.count()).toBeGreaterThanOrEqual(3);
  for (const picture of await pictures.all()) {
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), {
        timeout: 10_000,
      })
      .toBe(true);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return pictures.evaluateAll((images: HTMLImageElement[]) =>
    images.map((image) => {
      const shown = image.getBoundingClientRect();
      const frame = image.parentElement?.getBoundingClientRect() ?? shown;
      const tile = image.closest("article")?.getBoundingClientRect() ?? shown;
      const fit = getComputedStyle(image).objectFit;
      const natural = { width: image.naturalWidth, height: image.naturalHeight };
      const across = shown.width / natural.width;
      const down = shown.height / natural.height;
      const scale =
        fit === "cover"
          ? Math.max(across, down)
          : fit === "contain"
            ? Math.min(across, down)
            : fit === "scale-down"
              ? Math.min(1, across, down)
              : fit === "none"
                ? 1
                : Number.NaN; // fill: stretched to the box, not cropped but out of proportion
      const drawn =
        fit === "fill"
          ? { width: shown.width, height: shown.height }
          : { width: natural.width * scale, height: natural.height * scale };
      const plain = (rect: DOMRect) => ({ x: rect.x, y: rect.y, width: rect.width, height: rect.height });
      return {
        src: image.currentSrc,
        fit,
        natural,
        drawn,
        shown: plain(shown),
        frame: plain(frame),
        tile: plain(tile),
        stretched: fit === "fill" && Math.abs(across / down - 1) > 0.01,
      };
    }),
  );
}

describe("category tiles", () => {
  for (const [viewport, path] of [
    [phone, "/category"],
    [laptop, "/category"],
    [phone, "/"],
  ] as const) {
    it(`show the whole device picture on ${path} at ${viewport.width} px`, async () => {
      const page = await openAt(viewport, path);
      if (path === "/") await page.getByRole("heading", { name: "Shop by category" }).scrollIntoViewIfNeeded();
      for (const picture of await tilePictures(page)) {
        const name = `${picture.src} (${picture.fit}, ${picture.natural.width}×${picture.natural.height} drawn ${Math.round(picture.drawn.width)}×${Math.round(picture.drawn.height)} in ${Math.round(picture.shown.width)}×${Math.round(picture.shown.height)})`;
        expect(picture.drawn.width, `${name}: width cropped`).toBeLessThanOrEqual(picture.shown.width + 0.5);
        expect(picture.drawn.height, `${name}: height cropped`).toBeLessThanOrEqual(picture.shown.height + 0.5);
        expect(picture.stretched, `${name}: out of proportion`).toBe(false);
        expectInside(`${name} in its frame`, picture.shown, picture.frame);
        expectInside(`${name} in its tile`, picture.shown, picture.tile);
        expect(picture.shown.height, `${name}: drawn large enough to see`).toBeGreaterThan(120);
      }
      await page.context().close();
    });
  }
});

async function signedInAt(viewport: Viewport): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await signInAdmin(page, server.url);
  return page;
}

/** The five busiest lists, their accessible name and the names of each row's action buttons. */
const lists = [
  { path: "/admin/products", name: "Products", actions: /^(Edit|Delete|Restore) / },
  { path: "/admin/newsletters/subscribers", name: "Subscribers", actions: /^(Edit|Delete) / },
  { path: "/admin/contacts", name: "Contacts", actions: /^(View .*'s request|Delete )/ },
  { path: "/admin/manage/users", name: "Users", actions: /^(Edit|Deactivate|Activate) / },
  { path: "/admin/activity-logs", name: "Activity Logs", actions: /^View details$/ },
];

/** The list's actions once its rows are there: buttons and links alike. */
async function rowActions(page: Page, actions: RegExp): Promise<Locator[]> {
  const main = page.getByRole("main");
  const found = main.getByRole("button", { name: actions }).or(main.getByRole("link", { name: actions }));
  await expect.poll(() => found.count(), { message: `actions named ${actions}`, timeout: 15_000 }).toBeGreaterThan(0);
  return found.all();
}

describe("back-office lists on a phone", () => {
  for (const list of lists) {
    it(`${list.path} shows cards with their actions and no sideways scrolling at 390×844`, async () => {
      const page = await signedInAt(phone);
      await page.goto(`${server.url}${list.path}`);
      const actions = await rowActions(page, list.actions);
      const overflow = await horizontalOverflow(page);
      expect(overflow, `scroll width ${phone.width + overflow} at ${phone.width} px`).toBeLessThanOrEqual(0);
      for (const action of actions) {
        const found = await box(action);
        const name = `${(await action.getAttribute("aria-label")) ?? (await action.innerText())} (${describeBox(found)})`;
        expect(found.x, `${name} left edge`).toBeGreaterThanOrEqual(0);
        expect(found.x + found.width, `${name} right edge`).toBeLessThanOrEqual(phone.width);
      }

      const cards = page.getByRole("main").getByRole("list", { name: list.name });
      expect(await cards.isVisible(), "the rows as a list of cards").toBe(true);
      expect(await cards.getByRole("listitem").count(), "cards").toBeGreaterThan(0);
      expect(await page.getByRole("main").getByRole("table").count(), "tables at 390 px").toBe(0);
      await page.context().close();
    });
  }

  it("keeps the table on a laptop at 1366 px", async () => {
    const page = await signedInAt(laptop);
    for (const list of lists) {
      await page.goto(`${server.url}${list.path}`);
      await rowActions(page, list.actions);
      const table = page.getByRole("main").getByRole("table", { name: list.name });
      expect(await table.isVisible(), `${list.path} table`).toBe(true);
      expect(await table.getByRole("columnheader").count(), `${list.path} column headings`).toBeGreaterThan(2);
      expect(await horizontalOverflow(page), `${list.path} horizontal overflow`).toBeLessThanOrEqual(0);
    }
    await page.context().close();
  });
});
