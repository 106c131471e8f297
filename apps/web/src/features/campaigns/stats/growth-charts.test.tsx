import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { focusable, laidOutCharts } from "@/test/chart-layout";
import { CampaignsChart, GrowthChart } from "./growth-charts";

laidOutCharts();

const days = [
  { day: "2025-03-04", subscribed: 4, unsubscribed: 1, campaigns: 1 },
  { day: "2025-03-05", subscribed: 6, unsubscribed: 0, campaigns: 2 },
];

describe("the statistics page's charts", () => {
  it("keep nothing focusable inside the drawings hidden from screen readers", async () => {
    const { container } = render(
      <>
        <GrowthChart days={days} />
        <CampaignsChart days={days} />
      </>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelectorAll(".recharts-wrapper").length).toBe(2);
    const hidden = [...container.querySelectorAll("[aria-hidden='true']")];
    expect(hidden.length).toBeGreaterThan(0);
    expect(
      hidden.flatMap((element) => [...element.querySelectorAll(focusable)]).map((el) => el.outerHTML.slice(0, 80)),
    ).toEqual([]);
  });
});
