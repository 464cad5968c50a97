// A small JSON Schema checker: the parts of draft 2020-12 that Docs/report-data-v1.schema.json
// uses ($ref within the document, allOf, anyOf, type, enum, const, properties, required,
// additionalProperties, items, prefixItems, minItems, maxItems, minimum, pattern), for the
// node tests and for check-report-data.js, which checks what ReportData.swift writes.
// `check(schema, value, at)` lists what does not hold, each with its place as a JSON pointer.
'use strict';

function typeOf(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function matchesType(value, type) {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

/** What of `value` does not hold `schema` (within `root`, for $ref), as `{at, message}`s. */
function check(schema, value, root = schema, at = '') {
  const problems = [];
  const say = (message, where = at) => problems.push({ at: where || '/', message });
  if (schema === false) {
    say('nothing is allowed here');
    return problems;
  }
  if (schema.$ref) {
    const name = /^#\/\$defs\/(.+)$/.exec(schema.$ref);
    if (!name || !root.$defs[name[1]]) throw new Error(`unknown $ref ${schema.$ref}`);
    problems.push(...check(root.$defs[name[1]], value, root, at));
  }
  for (const part of schema.allOf ?? []) problems.push(...check(part, value, root, at));
  if (schema.anyOf && !schema.anyOf.some((part) => check(part, value, root, at).length === 0)) {
    const reasons = schema.anyOf.map((part) => check(part, value, root, at));
    const closest = reasons.reduce((best, next) => (next.length < best.length ? next : best));
    problems.push(...closest);
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((type) => matchesType(value, type))) {
      say(`is ${typeOf(value)}, not ${types.join(' or ')}`);
      return problems;
    }
  }
  if (schema.enum && !schema.enum.some((allowed) => allowed === value)) say(`${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if ('const' in schema && schema.const !== value) say(`${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`);
  if (typeof value === 'number' && schema.minimum !== undefined && value < schema.minimum) say(`${value} is less than ${schema.minimum}`);
  if (typeof value === 'string' && schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) {
    say(`${JSON.stringify(value.slice(0, 40))} does not match ${schema.pattern}`);
  }
  if (typeOf(value) === 'object') {
    for (const name of schema.required ?? []) if (!(name in value)) say(`lacks "${name}"`);
    for (const [name, part] of Object.entries(value)) {
      const where = `${at}/${name}`;
      if (schema.properties && name in schema.properties) {
        problems.push(...check(schema.properties[name], part, root, where));
      } else if (schema.additionalProperties === false) {
        say(`has "${name}", which the schema does not name`, where);
      } else if (typeof schema.additionalProperties === 'object') {
        problems.push(...check(schema.additionalProperties, part, root, where));
      }
    }
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) say(`has ${value.length} items, fewer than ${schema.minItems}`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) say(`has ${value.length} items, more than ${schema.maxItems}`);
    const leading = schema.prefixItems ?? [];
    value.forEach((item, index) => {
      const part = index < leading.length ? leading[index] : schema.items;
      if (part !== undefined) problems.push(...check(part, item, root, `${at}/${index}`));
    });
  }
  return problems;
}

module.exports = { check, typeOf };
