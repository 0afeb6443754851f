/**
 * Checks a value against the part of JSON Schema (2020-12) that src/labels/annotations.schema.json uses: type (with
 * "integer" and lists of types), const, enum, required, properties, items, minimum, maximum, minLength, minItems.
 * Anything else in a schema is refused, so a schema that grows a keyword this does not know fails loudly instead of
 * passing unchecked. For tests: the published schema itself, not only the code's validator, accepts what we write.
 */
const KNOWN = new Set(['$schema', '$id', 'title', 'description', 'format', 'type', 'const', 'enum', 'required',
  'properties', 'items', 'minimum', 'maximum', 'minLength', 'minItems']);

type Schema = Record<string, unknown>;

/** Every problem as `path: what`, empty when the value is valid. */
export function schemaProblems(schema: Schema, value: unknown, at = '$'): string[] {
  const unknown = Object.keys(schema).filter((k) => !KNOWN.has(k));
  if (unknown.length > 0) throw new Error(`${at}: schema keywords this checker does not know: ${unknown.join(', ')}`);
  const problems: string[] = [];
  if (schema.type !== undefined) {
    const types = ([] as unknown[]).concat(schema.type);
    if (!types.some((t) => hasType(value, t as string))) return [`${at}: expected ${types.join(' or ')}`];
  }
  if ('const' in schema && value !== schema.const) problems.push(`${at}: expected ${JSON.stringify(schema.const)}`);
  if (schema.enum && !(schema.enum as unknown[]).includes(value)) problems.push(`${at}: not one of the enum`);
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) problems.push(`${at}: under ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) problems.push(`${at}: over ${schema.maximum}`);
  }
  if (typeof value === 'string' && typeof schema.minLength === 'number' && value.length < schema.minLength) {
    problems.push(`${at}: shorter than ${schema.minLength}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) {
      problems.push(`${at}: fewer than ${schema.minItems} items`);
    }
    const items = schema.items as Schema | undefined;
    if (items) value.forEach((v, i) => problems.push(...schemaProblems(items, v, `${at}[${i}]`)));
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    for (const key of (schema.required as string[] | undefined) ?? []) {
      if (!(key in o)) problems.push(`${at}.${key}: missing`);
    }
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [key, sub] of Object.entries(properties)) {
      if (key in o) problems.push(...schemaProblems(sub, o[key], `${at}.${key}`));
    }
  }
  return problems;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null': return value === null;
    case 'array': return Array.isArray(value);
    case 'object': return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'integer': return Number.isInteger(value);
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    default: return typeof value === type;
  }
}
