import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { focusable, laidOutCharts } from "@/test/chart-layout";
import { ContactsByStatusChart, SubscriberGrowthChart } from "./dashboard-charts";

const byStatus = { notActioned: 3, inProgress: 2, completed: 5, cancelled: 0, rejected: 1, onHold: 1, total: 12 };
laidOutCharts();

describe("dashboard charts", () => {
  it("writes each status label on the axis as text of its own, long ones on two lines", async () => {
    const { container, findAllByText } = render(<ContactsByStatusChart counts={byStatus} />);
    await findAllByText("Completed");
    const labels = [...container.querySelectorAll(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-label")];
    expect(labels.map((label) => [...label.querySelectorAll("tspan")].map((line) => line.textContent))).toEqual([
      ["Not", "Actioned"],
      ["In", "Progress"],
      ["Completed"],
      ["Cancelled"],
      ["Rejected"],
      ["On", "Hold"],
    ]);
  });

  it("keeps nothing focusable inside the drawings hidden from screen readers", async () => {
    const { container, findAllByText } = render(
      <>
        <ContactsByStatusChart counts={byStatus} />
        <SubscriberGrowthChart growth={[{ date: "2025-03-05", new: 4, total: 1200 }]} />
      </>,
    );
    await findAllByText("Completed");
    const hidden = [...container.querySelectorAll("[aria-hidden='true']")];
    expect(hidden.length).toBeGreaterThan(0);
    expect(container.querySelectorAll(".recharts-wrapper").length).toBe(2);
    expect(
      hidden.flatMap((element) => [...element.querySelectorAll(focusable)]).map((el) => el.outerHTML.slice(0, 80)),
    ).toEqual([]);
  });
});
