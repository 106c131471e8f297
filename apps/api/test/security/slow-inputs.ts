import fc from "fast-check";
import type { JsonSchema } from "./fuzz-arbitraries.ts";

/*
 * Inputs for the "time is a result" part of the fuzz suite: a valid request for each route, and
 * long or almost-matching text for each of its fields, chosen to find slow patterns and parsers.
 */

/** The first type a schema allows that is not null (nullable fields are tried with a value). */
function typeOf(schema: JsonSchema): string | undefined {
  return [schema.type].flat().find((type) => type !== "null");
}

function firstOption(schema: JsonSchema): JsonSchema | undefined {
  return (schema.anyOf ?? schema.oneOf)?.find((option) => typeOf(option) !== undefined || option.enum);
}

const formatExamples: Record<string, string> = {
  email: "fuzz@example.com",
  uri: "https://example.com/page",
  url: "https://example.com/page",
  "date-time": "2030-01-01T10:00:00.000Z",
  date: "2030-01-01",
};

/** A short text the schema accepts: an example of its format, one its pattern matches, or plain words. */
function validText(schema: JsonSchema, id: string): string {
  if (schema.format === "uuid") return id;
  let text = (schema.format && formatExamples[schema.format]) || "fuzz";
  if (schema.pattern && !(schema.format && formatExamples[schema.format])) {
    try {
      // redos-safe: never matched against any text: fast-check only generates one sample string from it.
      text = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 1, seed: 1 })[0] ?? text;
    } catch {
      // A pattern fast-check cannot invert (lookarounds): the plain text stands.
    }
  }
  return text.padEnd(schema.minLength ?? 0, "z");
}

/**
 * A value the schema accepts as far as its JSON Schema says, so that a request with one field made
 * long gets past validation of the others and into the handler. Ids are `id` (one that names no
 * record: nothing is deactivated, sent or deleted by accident).
 */
export function validValue(schema: JsonSchema | undefined, id: string): unknown {
  if (!schema) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const option = firstOption(schema);
  if (option) return validValue(option, id);
  switch (typeOf(schema)) {
    case "string":
      return validText(schema, id);
    case "integer":
    case "number": {
      const floor = (schema.minimum ?? 1) + (schema.exclusiveMinimum === true ? 1 : 0);
      return Math.min(Math.max(floor, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case "boolean":
      return false;
    case "array":
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => validValue(schema.items, id));
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, validValue(value, id)]),
      );
    default:
      return null;
  }
}

/** Where a body holds text: the path to each string in the value validValue builds. */
export type TextSlot = { path: (string | number)[]; schema: JsonSchema };

export function textSlots(schema: JsonSchema | undefined, path: (string | number)[] = []): TextSlot[] {
  if (!schema || schema.enum || schema.const !== undefined) return [];
  const option = firstOption(schema);
  if (option) return textSlots(option, path);
  switch (typeOf(schema)) {
    case "string":
      return [{ path, schema }];
    case "array":
      return textSlots(schema.items, [...path, 0]);
    case "object":
      return Object.entries(schema.properties ?? {}).flatMap(([key, value]) => textSlots(value, [...path, key]));
    default:
      return [];
  }
}

/** `unit` repeated to `length` characters, the last of them `last`. */
const fill = (unit: string, length: number, last = "") =>
  unit.repeat(Math.ceil(length / unit.length)).slice(0, Math.max(0, length - last.length)) + last;

/** Style properties a rich-text sanitizer checks value by value, each given a long almost-number. */
const styledProperties = ["padding", "margin", "color", "background-color", "font-size", "width", "text-decoration"];
function styledMarkup(length: number): string {
  const frame = `<p style="">x</p>`.length + styledProperties.join(":;").length + 1;
  const value = fill("1 ", Math.floor((length - frame) / styledProperties.length), "!");
  return `<p style="${styledProperties.map((property) => `${property}:${value}`).join(";")}">x</p>`;
}

export type SlowText = { name: string; text: (length: number) => string };

/**
 * Long texts for one field, the kind that makes a backtracking pattern or parser slow: the field at
 * full length, and near misses — for a checked field (pattern or format), runs of each character a
 * valid value has and the valid value repeated, each spoilt by its last character; for free text,
 * white space, letters, words with hyphens, numbers with spaces, markdown and markup punctuation,
 * and style attributes whose values almost parse.
 */
export function slowTexts(schema: JsonSchema, id: string): SlowText[] {
  const texts: SlowText[] = [
    { name: "full length", text: (n) => fill("x", n) },
    { name: "white space", text: (n) => fill(" ", n, "x") },
  ];
  if (schema.pattern || schema.format) {
    const valid = validText(schema, id);
    texts.push({ name: `"${valid}" repeated`, text: (n) => fill(valid, n, "!") });
    for (const character of new Set(valid)) {
      texts.push({ name: `"${character}" run`, text: (n) => fill(character, n, "!") });
    }
    return texts;
  }
  return [
    ...texts,
    // A pattern checked after a transform (`.pipe()`) is not in the input schema: letters, words with
    // hyphens and numbers, each spoilt at the end, stand in for the slugs, names and codes it would check.
    { name: "letters", text: (n) => fill("a", n, "!") },
    { name: "words and hyphens", text: (n) => fill("ab-", n, "!") },
    { name: "numbers and spaces", text: (n) => fill("1 ", n, "!") },
    { name: "punctuation", text: (n) => fill("*_[`(<&#\\", n) },
    { name: "styled markup", text: (n) => (n < 200 ? fill("<p>", n) : styledMarkup(n)) },
  ];
}

/**
 * The lengths to try a field at, growing fourfold to its maximum: a slow pattern shows itself at a
 * length it can still answer, rather than holding the test for minutes at the largest.
 */
export function lengthsUpTo(maxLength: number): number[] {
  const lengths: number[] = [];
  for (let length = 1_000; length < maxLength; length *= 4) lengths.push(length);
  return [...lengths, maxLength];
}
