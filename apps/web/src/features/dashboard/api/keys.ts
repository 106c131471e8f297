/** The dashboard is one query; writes that change its figures invalidate it. */
export const dashboardKeys = {
  all: ["dashboard"] as const,
};
