import { generateKeyPairSync } from "node:crypto";
import type { DkimKey } from "../src/mail/dkim.ts";
import { dkimDnsRecord, readDkimKey } from "../src/mail/dkim-key.ts";

/** A key made for the test, as DKIM_PRIVATE_KEY would give it, and the resolver answering its TXT record. */
export function testKey(type: "rsa" | "ed25519"): {
  key: DkimKey;
  resolver: (name: string, rrtype: string) => Promise<string[][]>;
} {
  const { privateKey } =
    type === "rsa" ? generateKeyPairSync("rsa", { modulusLength: 2048 }) : generateKeyPairSync("ed25519");
  const read = readDkimKey("shop.test", "s2026", privateKey.export({ type: "pkcs8", format: "pem" }).toString());
  if ("error" in read) throw new Error(read.error);
  const record = dkimDnsRecord(read.key);
  const resolver = async (name: string, rrtype: string) => {
    if (rrtype === "TXT" && name === record.name) return [[record.value]];
    throw Object.assign(new Error(`no ${rrtype} record for ${name}`), { code: "ENOTFOUND" });
  };
  return { key: read.key, resolver };
}
