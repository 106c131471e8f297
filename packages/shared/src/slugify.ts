/** Spec section 5: lowercase, whitespace runs become hyphens. Shared by the forms and the API. */
export function slugify(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, "-");
}

/** Letters NFKD does not take apart, and Cyrillic and Greek, in Latin letters (as passports and URLs spell them). */
const latin: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  ø: "o",
  œ: "oe",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
  ħ: "h",
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  ґ: "g",
  д: "d",
  е: "e",
  ё: "e",
  є: "ye",
  ж: "zh",
  з: "z",
  и: "i",
  і: "i",
  ї: "yi",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
  α: "a",
  β: "v",
  γ: "g",
  δ: "d",
  ε: "e",
  ζ: "z",
  η: "i",
  θ: "th",
  ι: "i",
  κ: "k",
  λ: "l",
  μ: "m",
  ν: "n",
  ξ: "x",
  ο: "o",
  π: "p",
  ρ: "r",
  σ: "s",
  ς: "s",
  τ: "t",
  υ: "y",
  φ: "f",
  χ: "ch",
  ψ: "ps",
  ω: "o",
};

/**
 * A name as a URL's path segment: lowercase Latin letters, digits and single hyphens. Accents and
 * apostrophes go (é → e, Alexa's → alexas), Cyrillic and Greek are spelled in Latin letters; other
 * scripts leave nothing, and the answer is empty: the caller gives such a name a slug of its own.
 */
export function urlSlug(name: string): string {
  let spelled = "";
  // A letter the table spells as a whole first (й is "y", not и with a breve), then its parts (έ: ε and an accent).
  for (const char of name.toLowerCase().normalize("NFC")) {
    const whole = latin[char];
    if (whole !== undefined) spelled += whole;
    else for (const part of char.normalize("NFKD")) spelled += latin[part] ?? part;
  }
  return spelled
    .replace(/[\u0300-\u036f'\u2019]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
