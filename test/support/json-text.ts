import fc from 'fast-check';
import { hostileText, oddText } from './hostile-text';

/**
 * Hostile JSON as text (not as values, so it can hold what JSON.stringify never writes:
 * duplicate keys, `__proto__` as an own key, numbers out of every range, escaped lone
 * surrogates), and the structures that strain a parser or a validator: deep nesting, huge arrays,
 * many keys, long strings.
 */

/** Number literals that are valid JSON and mean trouble once parsed (Infinity, precision loss, -0). */
const NUMBER_LITERALS = [
  '0',
  '-0',
  '1e400',
  '-1e400',
  '1e-400',
  '123456789012345678901234567890',
  '9007199254740993',
  '0.1',
  '1E2',
  '-1',
  '1.0',
  '100.0000000000000001',
  '4.9e-324',
  '1.7976931348623157e308',
  '101',
  '-100',
  '2147483648',
  '1e21',
];

/** String literals with escapes a parser turns into lone surrogates, NULs and controls. */
const STRING_LITERALS = [
  '"\\ud800"',
  '"\\udfff\\ud800"',
  '"\\u0000"',
  '"a\\u0000b"',
  '"\\ud83d\\ude00"',
  '"\\\\"',
  '"\\/"',
  '"\\b\\f\\n\\r\\t"',
  '""',
  '" "',
  '"\\u202e"',
];

/** A JSON scalar as text. */
export const scalarText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('null', 'true', 'false'),
  fc.constantFrom(...NUMBER_LITERALS),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.integer().map(String),
  hostileText.map((s) => JSON.stringify(s)),
  fc.constantFrom(...STRING_LITERALS),
);

/** The JSON text of an object with these entries, in order, duplicates kept. */
export function objectText(entries: readonly (readonly [string, string])[]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}

/** Any JSON value as text, its object keys drawn from `key` (so they hit the schema's names). */
export function jsonText(key: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const { value } = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalarText, tie('array'), tie('object')),
    array: fc.array(tie('value'), { maxLength: 5 }).map((items) => `[${items.join(',')}]`),
    object: fc.array(fc.tuple(key, tie('value')), { maxLength: 6 }).map(objectText),
  }));
  return value;
}

/** Structures that strain a parser or a validator, sized around the 256 KiB body limit. */
export const bigValueText: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 100, max: 60_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.integer({ min: 100, max: 50_000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
  fc.integer({ min: 51, max: 60_000 }).map((n) => `[${Array.from({ length: n }, () => '"a"').join(',')}]`),
  fc.integer({ min: 51, max: 20_000 }).map((n) => objectText(Array.from({ length: n }, (_, i) => [`k${i}`, String(i)] as const))),
  fc.integer({ min: 201, max: 270_000 }).map((n) => JSON.stringify('a'.repeat(n))),
  fc.integer({ min: 100, max: 5_000 }).map((n) => JSON.stringify('😀'.repeat(n))),
);

/** Object keys: the schema's names (and their camelCase), names that mean something to JavaScript, junk. */
export function keyText(schemaNames: readonly string[], prototypeNames: readonly string[]): fc.Arbitrary<string> {
  const camel = schemaNames.map((n) => n.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()));
  const names = [...new Set([...schemaNames, ...camel])];
  return fc.oneof(
    ...(names.length > 0 ? [{ weight: 5, arbitrary: fc.constantFrom(...names) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...prototypeNames) },
    { weight: 1, arbitrary: oddText },
  );
}

/** Bytes that are not UTF-8: invalid lead and continuation bytes, overlongs, encoded surrogates, truncated sequences. */
export const invalidUtf8: fc.Arbitrary<Buffer> = fc
  .constantFrom(
    [0xff],
    [0xfe, 0xff],
    [0xc3, 0x28],
    [0xed, 0xa0, 0x80],
    [0xc0, 0xaf],
    [0xe2, 0x82],
    [0x80],
    [0xf4, 0x90, 0x80, 0x80],
    [0x00],
  )
  .map((bytes) => Buffer.from(bytes));
