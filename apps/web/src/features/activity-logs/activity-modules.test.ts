import { describe, expect, it } from "vitest";
import { activityModuleOptions } from "./activity-modules";

describe("the activity log's module filter", () => {
  it("offers exactly the modules the API writes entries under, so every choice can match", () => {
    // Written down from the API's `module:` values (apps/api/src), not from the list under test:
    // categories are logged under product, and exports of the log itself under activitylog.
    const logged = [
      "activitylog",
      "auth",
      "blog",
      "contact",
      "herobanner",
      "newsletter",
      "product",
      "roles",
      "settings",
      "upload",
      "user",
    ];
    expect(activityModuleOptions.map((option) => option.value).sort()).toEqual(logged);
  });
});
