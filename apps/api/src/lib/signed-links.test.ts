import { expect, it } from "vitest";
import { signLink, verifyLink } from "./signed-links.ts";

const secret = "s".repeat(40);
const claims = { subscriberId: "01890a5d-ac96-774b-bcce-b302099a8057", campaignId: null };

it("round-trips, and refuses another key or a changed id", () => {
  const token = signLink(secret, "unsubscribe", claims);
  expect(verifyLink(secret, "unsubscribe", token)).toEqual(claims);
  expect(verifyLink("t".repeat(40), "unsubscribe", token)).toBeNull();
  const [, sig] = token.split(".");
  const forged = `${Buffer.from("01890a5d-ac96-774b-bcce-b302099a8058.").toString("base64url")}.${sig}`;
  expect(verifyLink(secret, "unsubscribe", forged)).toBeNull();
  expect(verifyLink(secret, "unsubscribe", "garbage")).toBeNull();
});
