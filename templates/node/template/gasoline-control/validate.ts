/**
 * The part of JSON Schema that params and requests need, with no dependency: types, enums,
 * objects, arrays, bounds, patterns and "#/$defs/" references. A schema that uses any other
 * keyword is refused when its operation is registered (see unsupportedKeywords), so that no
 * part of a schema is silently left unchecked.
 */
import { canonicalJson } from "./canonical-json.ts";

export interface JsonSchema {
  type?: string | readonly string[];
  enum?: readonly unknown[];
  const?: unknown;
  properties?: { readonly [name: string]: JsonSchema };
  required?: readonly string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  $ref?: string;
  $defs?: { readonly [name: string]: JsonSchema };
  [annotation: string]: unknown;
}

/** Named schemas that "#/$defs/<name>" references resolve against. */
export type Definitions = { readonly [name: string]: JsonSchema };

/** A keyword that bounds a measure of the value: a number's size, a string's length, an array's items. */
interface Bound {
  keyword: "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" | BoundOfLength;
  measure: (value: unknown) => number | undefined;
  breaks: (measure: number, limit: number) => boolean;
  says: string;
}
type BoundOfLength = "minLength" | "maxLength" | "minItems" | "maxItems";

const size = (value: unknown) => (typeof value === "number" ? value : undefined);
const length = (value: unknown) => (typeof value === "string" ? [...value].length : undefined);
const count = (value: unknown) => (Array.isArray(value) ? value.length : undefined);
const below = (measure: number, limit: number) => measure < limit;
const above = (measure: number, limit: number) => measure > limit;

const BOUNDS: readonly Bound[] = [
  { keyword: "minimum", measure: size, breaks: below, says: "below" },
  { keyword: "maximum", measure: size, breaks: above, says: "above" },
  { keyword: "exclusiveMinimum", measure: size, breaks: (measure, limit) => measure <= limit, says: "not above" },
  { keyword: "exclusiveMaximum", measure: size, breaks: (measure, limit) => measure >= limit, says: "not below" },
  { keyword: "minLength", measure: length, breaks: below, says: "shorter than" },
  { keyword: "maxLength", measure: length, breaks: above, says: "longer than" },
  { keyword: "minItems", measure: count, breaks: below, says: "fewer items than" },
  { keyword: "maxItems", measure: count, breaks: above, says: "more items than" },
];
const CHECKED = new Set([
  ...BOUNDS.map((bound) => bound.keyword),
  ..."type enum const properties required additionalProperties items pattern $ref $defs".split(" "),
]);
const ANNOTATIONS = new Set(
  "$schema $id $comment title description default examples format deprecated readOnly writeOnly".split(" "),
);
const REF_PREFIX = "#/$defs/";

/** The keywords of schema (and its subschemas) that validate cannot check, and references it cannot follow. */
export function unsupportedKeywords(
  schema: JsonSchema,
  definitions: Definitions = schema.$defs ?? {},
  at = "#",
): string[] {
  const found = Object.keys(schema)
    .filter((keyword) => !CHECKED.has(keyword) && !ANNOTATIONS.has(keyword))
    .map((keyword) => `${at}/${keyword}`);
  if (schema.$ref !== undefined && resolve(schema.$ref, definitions) === undefined) {
    found.push(`${at}/$ref (${schema.$ref})`);
  }
  if (schema.pattern !== undefined) {
    try {
      new RegExp(schema.pattern, "u");
    } catch {
      found.push(`${at}/pattern (not a regular expression)`);
    }
  }
  for (const [name, sub] of subschemas(schema)) found.push(...unsupportedKeywords(sub, definitions, `${at}/${name}`));
  return found;
}

/** What is wrong with value against schema, one message per problem; empty when it fits. */
export function validate(
  schema: JsonSchema,
  value: unknown,
  definitions: Definitions = schema.$defs ?? {},
  at = "params",
): string[] {
  const problems: string[] = [];
  if (schema.$ref !== undefined) {
    const target = resolve(schema.$ref, definitions);
    problems.push(...(target ? validate(target, value, definitions, at) : [`${at}: unknown reference ${schema.$ref}`]));
  }
  if (schema.type !== undefined) {
    const types = typeof schema.type === "string" ? [schema.type] : schema.type;
    if (!types.some((type) => hasType(value, type))) return [...problems, `${at}: expected ${types.join(" or ")}`];
  }
  if (schema.enum !== undefined && !schema.enum.some((option) => same(option, value))) {
    problems.push(`${at}: expected one of ${JSON.stringify(schema.enum)}`);
  }
  if ("const" in schema && !same(schema.const, value)) problems.push(`${at}: expected ${JSON.stringify(schema.const)}`);
  for (const { keyword, measure, breaks, says } of BOUNDS) {
    const limit = schema[keyword];
    const measured = measure(value);
    if (limit !== undefined && measured !== undefined && breaks(measured, limit)) {
      problems.push(`${at}: ${says} ${limit}`);
    }
  }
  if (typeof value === "string" && schema.pattern !== undefined && !new RegExp(schema.pattern, "u").test(value)) {
    problems.push(`${at}: does not match ${schema.pattern}`);
  }
  const items = schema.items;
  if (Array.isArray(value) && items !== undefined) {
    value.forEach((item, index) => problems.push(...validate(items, item, definitions, `${at}[${index}]`)));
  }
  if (isObject(value)) problems.push(...objectProblems(schema, value, definitions, at));
  return problems;
}

export function isObject(value: unknown): value is { [key: string]: unknown } {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function resolve(reference: string, definitions: Definitions): JsonSchema | undefined {
  return reference.startsWith(REF_PREFIX) ? definitions[reference.slice(REF_PREFIX.length)] : undefined;
}

function subschemas(schema: JsonSchema): Array<[string, JsonSchema]> {
  const found: Array<[string, JsonSchema]> = [];
  for (const [name, sub] of Object.entries(schema.properties ?? {})) found.push([`properties/${name}`, sub]);
  for (const [name, sub] of Object.entries(schema.$defs ?? {})) found.push([`$defs/${name}`, sub]);
  if (isObject(schema.additionalProperties)) found.push(["additionalProperties", schema.additionalProperties]);
  if (schema.items !== undefined) found.push(["items", schema.items]);
  return found;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "array":
      return Array.isArray(value);
    case "object":
      return isObject(value);
    case "null":
      return value === null;
    default:
      return typeof value === type;
  }
}

function same(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function objectProblems(
  schema: JsonSchema,
  value: { [key: string]: unknown },
  definitions: Definitions,
  at: string,
): string[] {
  const problems: string[] = [];
  const properties = schema.properties ?? {};
  for (const name of schema.required ?? []) {
    if (!Object.hasOwn(value, name)) problems.push(`${at}.${name}: required`);
  }
  for (const [name, item] of Object.entries(value)) {
    const declared = Object.hasOwn(properties, name) ? properties[name] : undefined;
    const extra = schema.additionalProperties;
    if (declared !== undefined) problems.push(...validate(declared, item, definitions, `${at}.${name}`));
    else if (extra === false) problems.push(`${at}.${name}: not allowed`);
    else if (isObject(extra)) problems.push(...validate(extra, item, definitions, `${at}.${name}`));
  }
  return problems;
}
