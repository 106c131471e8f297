/** Anything past 7-bit ASCII (a JavaScript string's units go no higher than U+FFFF). */
const beyondAscii = /[\u0080-\uffff]/;
/** A domain we write in ASCII: labels of any script, with only letters, digits, hyphens and dots from ASCII. */
const domainAsciiPart = /^[a-z0-9.\-\u0080-\uffff]+$/;

/**
 * An address as the shop keeps it: trimmed, in lower case, and with an internationalised domain
 * ("bücher.de") written as DNS and every mail relay read it, in punycode ("xn--bcher-kva.de"). So
 * "anna@bücher.de" and "anna@xn--bcher-kva.de" are one person, and mail to either goes through relays
 * that speak only ASCII. A local part beyond ASCII is left as it is for the validators to refuse: it
 * needs SMTPUTF8 at every hop, which the campaign client does not speak.
 */
export function normaliseEmail(raw: string): string {
  const address = raw.trim().toLowerCase();
  if (!beyondAscii.test(address)) return address;
  const at = address.lastIndexOf("@");
  const domain = address.slice(at + 1);
  if (at < 0 || !beyondAscii.test(domain) || !domainAsciiPart.test(domain)) return address;
  const ascii = asciiDomain(domain);
  return ascii ? address.slice(0, at + 1) + ascii : address;
}

/**
 * What to look for among kept addresses when staff type part of one: text past ASCII as the shop keeps
 * it, a whole address normalised and a domain or one of its labels ("bücher") in punycode. A part of a
 * label ("büch") has no punycode of its own that the whole one contains, and is looked for as typed.
 */
export function addressSearchText(text: string): string {
  const typed = text.trim().toLowerCase();
  if (!beyondAscii.test(typed)) return typed;
  if (typed.includes("@")) return normaliseEmail(typed);
  return domainAsciiPart.test(typed) ? (asciiDomain(typed) ?? typed) : typed;
}

/** The WHATWG URL parser applies IDNA (UTS 46) to a host, in browsers and in Node alike. */
function asciiDomain(domain: string): string | undefined {
  try {
    const host = new URL(`http://${domain}/`).hostname;
    // Anything but a plain DNS name (an IPv4 address the mapping made of full-width digits, say) is not one.
    return /^[a-z0-9.-]+$/.test(host) && !/^[\d.]+$/.test(host) ? host : undefined;
  } catch {
    return undefined;
  }
}

/** Whether an address (normalised) has anything past ASCII left: a local part only SMTPUTF8 can carry. */
export function hasNonAsciiAddress(address: string): boolean {
  return beyondAscii.test(address);
}
