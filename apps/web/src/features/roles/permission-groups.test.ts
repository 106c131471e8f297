import { describe, expect, it } from "vitest";
import { groupPermissions, permissionChanges, toggleGroup } from "./permission-groups";

const permissions = [
  { _id: "1", name: "user:view-users", module: "user", label: "View users" },
  { _id: "2", name: "product:view-products", module: "product", label: "View products" },
  { _id: "3", name: "product:create-product", module: "product", label: "Create products" },
  { _id: "4", name: "gadgets:spin", module: "gadgets", label: "Spin gadgets" },
];

describe("permission groups", () => {
  it("groups by module in the catalogue's order, unknown modules last", () => {
    expect(groupPermissions(permissions).map((g) => [g.label, g.permissions.length])).toEqual([
      ["Products", 2],
      ["Users", 1],
      ["Gadgets", 1],
    ]);
  });

  it("keeps a whole module when its name matches, and single permissions otherwise", () => {
    expect(groupPermissions(permissions, "products").map((g) => g.permissions.length)).toEqual([2]);
    expect(groupPermissions(permissions, "create").flatMap((g) => g.permissions.map((p) => p.name))).toEqual([
      "product:create-product",
    ]);
  });

  it("tells what a save adds and removes", () => {
    expect(permissionChanges(["a", "b"], ["b", "c"])).toEqual({ added: ["c"], removed: ["a"] });
  });

  it("toggles only the grantable permissions of a group", () => {
    const shown = [
      { name: "a", label: "A" },
      { name: "b", label: "B" },
    ];
    const canGrant = (name: string) => name === "a";
    expect(toggleGroup(["b"], shown, canGrant)).toEqual(["b", "a"]);
    expect(toggleGroup(["a", "b"], shown, canGrant)).toEqual(["b"]);
  });
});
