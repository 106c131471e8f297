import fc from "fast-check";

/** The slice of JSON Schema that @fastify/swagger produces from our zod schemas. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
};

/** Input that has broken parsers, queries and templates before. */
const classics = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\ufeff",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "0x10",
  "9".repeat(40),
  "../../../../etc/passwd",
  "' or 1=1 --",
  '"; drop table users; --',
  "%00",
  "%",
  "<script>alert(1)</script>",
  "\r\nX-Injected: 1",
  "__proto__",
  "constructor",
  "prototype",
  "{{7*7}}",
  "$" + "{7*7}",
  "2024-02-30",
  "+275760-09-13T00:00:00.001Z",
);

/** Long strings are cheap to build from a length; fc.string would spend the time budget making them. */
const long = fc.integer({ min: 1_000, max: 120_000 }).map((n) => "x".repeat(n));

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: classics, weight: 3 },
  { arbitrary: fc.string({ maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }), weight: 2 },
  { arbitrary: long, weight: 1 },
);

/** Any JSON value, with hostile strings among the leaves. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 3 },
  { arbitrary: nastyString, weight: 2 },
  { arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, Number.MAX_SAFE_INTEGER, 1e308), weight: 1 },
);

/** Values shaped like the schema asks (so handlers are reached), mixed with values that are not. */
export function fromSchema(schema: JsonSchema | undefined, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  const wrong = depth > 3 ? fc.constant(null) : anyJson;
  return fc.oneof({ arbitrary: shaped(schema, ids, depth), weight: 4 }, { arbitrary: wrong, weight: 1 });
}

function shaped(schema: JsonSchema | undefined, ids: string[], depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyJson;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option) => shaped(option, ids, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return stringFor(schema, ids);
    case "integer":
      return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000_000 });
    case "number":
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(fromSchema(schema.items, ids, depth + 1), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case "object":
      return objectFor(schema, ids, depth);
    default:
      return anyJson;
  }
}

function stringFor(schema: JsonSchema, ids: string[]): fc.Arbitrary<string> {
  if (schema.format === "uuid") return fc.oneof(fc.constantFrom(...ids), fc.uuid());
  if (schema.format === "email") return fc.oneof(fc.emailAddress(), nastyString);
  if (schema.format === "date-time") {
    return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((d) => d.toISOString());
  }
  if (schema.format === "date") {
    return fc
      .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
      .map((d) => d.toISOString().slice(0, 10));
  }
  const max = Math.min(schema.maxLength ?? 60, 60);
  return fc.oneof(fc.string({ maxLength: max }), fc.string({ unit: "grapheme", maxLength: max }), nastyString);
}

/** The schema's own keys (any subset), sometimes with keys it does not know. */
function objectFor(schema: JsonSchema, ids: string[], depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const known = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, fromSchema(value, ids, depth + 1)])),
    { requiredKeys: [] },
  );
  const extra = fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), classics), anyJson, { maxKeys: 2 });
  return fc
    .tuple(known, fc.oneof({ arbitrary: fc.constant({}), weight: 4 }, { arbitrary: extra, weight: 1 }))
    .map(([a, b]) => ({ ...b, ...a }));
}

/**
 * Objects whose keys reach for the prototype. Written as JSON text by hand: an object literal
 * would set the prototype instead of creating the key.
 */
export function pollutingText(inner: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  const payload = '{"polluted":"yes","isSuperAdmin":true}';
  return fc
    .tuple(inner, fc.constantFrom("__proto__", "constructor", "prototype"), fc.boolean())
    .map(([value, key, nested]) => {
      const text = JSON.stringify(value ?? {});
      const poison = key === "constructor" ? `{"prototype":${payload}}` : payload;
      const entry = `"${key}":${poison}`;
      if (nested || !text.startsWith("{")) return `{"data":{${entry}},"value":${text}}`;
      return text === "{}" ? `{${entry}}` : `{${entry},${text.slice(1)}`;
    });
}

/** Deeply nested arrays or objects, the kind that overflow recursive code. */
export const deepText: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 100, max: 20_000 }), fc.boolean())
  .map(([depth, objects]) =>
    objects ? `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}` : `${"[".repeat(depth)}${"]".repeat(depth)}`,
  );

/** Text that is not JSON at all, sent as JSON. */
export const brokenText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("{", '{"a":', "[1,2", "{'a':1}", '{"a":1,}', "\u0000", "undefined", "NaN", '{"a":1}{"b":2}'),
);

const queryChars = fc.constantFrom(..."%&=[]+.,;:a1-_~!*'()".split(""));

/** A query string: the route's own keys and others, values of every kind, keys repeated; or raw junk. */
export function queryText(keys: string[], schemaFor: (key: string) => JsonSchema | undefined, ids: string[]) {
  const key =
    keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 })) : fc.string({ maxLength: 8 });
  const pairs = fc.array(
    key.chain((name) =>
      fc.tuple(
        fc.constant(name),
        fc.oneof(
          {
            arbitrary: fromSchema(schemaFor(name), ids).map((v) =>
              typeof v === "string" ? v : (JSON.stringify(v) ?? ""),
            ),
            weight: 3,
          },
          { arbitrary: nastyString, weight: 1 },
        ),
      ),
    ),
    { maxLength: 5 },
  );
  const encoded = pairs.map((list) => new URLSearchParams(list).toString());
  const raw = fc.array(queryChars, { maxLength: 30 }).map((chars) => chars.join(""));
  return fc.oneof({ arbitrary: encoded, weight: 4 }, { arbitrary: raw, weight: 1 });
}

/** encodeURIComponent throws on a lone surrogate; send its UTF-8 bytes as a raw client would. */
function encodeSafely(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
}

/** A path parameter: real ids (so handlers find records), other ids, and anything else, URL-encoded. */
export function paramText(ids: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...ids), weight: 3 },
    { arbitrary: fc.uuid(), weight: 1 },
    { arbitrary: nastyString.filter((s) => s.length > 0 && s.length < 2_000).map(encodeSafely), weight: 2 },
    { arbitrary: fc.integer({ min: 400, max: 700 }).map((n) => "a".repeat(n)), weight: 1 },
    { arbitrary: fc.constantFrom("..%2F..%2Fetc%2Fpasswd", "%2e%2e", "%00", "%ZZ", "%"), weight: 1 },
  );
}
