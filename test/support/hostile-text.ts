import fc from 'fast-check';

/**
 * Hostile text for query values, path segments, headers and JSON strings (issue 14): numbers in
 * every odd spelling, unicode, control characters, lone surrogates, very long strings, comma lists
 * of junk and cursor-shaped garbage.
 */

/** Numbers as clients mistype them and as parsers misread them. */
const NUMBER_TEXTS = [
  '0',
  '-0',
  '+1',
  '-1',
  '00001',
  '1.5',
  '.5',
  '1.',
  '1e3',
  '1E+2',
  '-1e-7',
  '1e308',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '0b1',
  '0o7',
  '1_000',
  '9007199254740993',
  '18446744073709551616',
  '9'.repeat(400),
  ' 1',
  '1 ',
  '\t1',
  '１',
  '٣',
  '1,2',
  '1;2',
  '10000',
  '10001',
  '2147483648',
  '-2147483649',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
];

/** Percent-encoding that is malformed, or decodes to bytes that are not UTF-8: sent verbatim, never re-encoded. */
export const PERCENT_JUNK = [
  '%',
  '%%',
  '%G1',
  '%1',
  '%zz',
  '%00',
  '%C3%28',
  '%FF',
  '%FF%FE',
  '%E2%82',
  '%2525',
  '%u0041',
  '%ED%A0%80',
  '%C0%AF',
  '%F4%90%80%80',
  '%0D%0A',
  '%EF%BB%BF',
  '%7F',
  '%C2',
  '%%32%30',
  '%2',
];

const controlChar = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));
const latin1High = fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c));

/** Text that databases and search engines treat specially: NUL, lone surrogates, LIKE and regex wildcards, quotes. */
export const STORAGE_TROUBLE = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '%',
  '_',
  '\\',
  "'",
  '"',
  '*',
  '?',
  '~',
  '/.*/',
  'a OR b',
  '-',
  '+',
];

/** Short text of any kind of character, for lists and JSON strings. */
export const oddText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: controlChar, minLength: 1, maxLength: 6 }),
  fc.constantFrom('\ud800', '\udfff', 'a\ud800b', '\udfff\ud800', '\u0000', '\ufeff', '\u202e', '\u200b', 'ǅ', 'ß', 'İ', '𝔘𝔫𝔦'),
  fc.constantFrom(' ', '  ', ',', ',,', '*', '?', '"', "'", '\\', '<script>', "' OR 1=1 --", '${x}', '../..', '%s', '{{x}}'),
);

/** Very long text, kept short enough once percent-encoded that Node's URL limit (16 KiB with headers) is not what answers. */
const longText: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 201, max: 6000 }).map((n) => 'a'.repeat(n)),
  fc.integer({ min: 100, max: 600 }).map((n) => 'é'.repeat(n)),
  fc.integer({ min: 50, max: 300 }).map((n) => '😀'.repeat(n)),
  fc.integer({ min: 100, max: 1500 }).map((n) => ','.repeat(n)),
  fc.integer({ min: 50, max: 800 }).map((n) => 'engineer '.repeat(n)),
);

/** Garbage in the shape of a cursor: base64url of random bytes, of JSON of any shape, of near-miss cursor bodies. */
export const cursorGarbage: fc.Arbitrary<string> = fc.oneof(
  fc.uint8Array({ maxLength: 120 }).map((bytes) => Buffer.from(bytes).toString('base64url')),
  fc.jsonValue({ maxDepth: 3 }).map((value) => Buffer.from(JSON.stringify(value) ?? 'null').toString('base64url')),
  fc
    .record({
      v: fc.oneof(fc.constant(1), fc.constantFrom(0, 2, '1', null, 1.5)),
      h: fc.oneof(fc.string({ maxLength: 14 }), fc.constant('')),
      a: fc.array(fc.oneof(fc.double(), fc.string(), fc.constant(null), fc.bigInt().map(String)), { maxLength: 4 }),
      o: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-1, 1e21, Number.MAX_SAFE_INTEGER, 2 ** 53)),
    })
    .map((body) => Buffer.from(JSON.stringify(body)).toString('base64url')),
  fc.constantFrom(
    '',
    '=',
    '==',
    'e30',
    'e30=',
    'bnVsbA',
    'W10',
    'AAAA',
    '____',
    '----',
    'eyJ2IjoxfQ',
    'eyJ2IjoxLCJoIjoiIiwiYSI6W10sIm8iOjF9',
  ),
);

/** Any hostile text, as a query value, a path segment or a JSON string. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NUMBER_TEXTS) },
  fc.constant(''),
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  fc.double().map(String),
  { weight: 3, arbitrary: oddText },
  longText,
  fc.array(oddText, { maxLength: 30 }).map((items) => items.join(',')),
  cursorGarbage,
);

/**
 * Text for a header value: Node's client refuses CR, LF and other control characters and
 * anything above U+00FF, so those never reach a server through a well-behaved proxy either.
 */
export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', '*', '"x"', 'W/"x"', '"', 'W/', '*, "x"', 'null', '\t', 'a'.repeat(8000), '%00', '%FF'),
  fc.string({
    unit: fc.oneof(
      fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
      latin1High,
    ),
    maxLength: 60,
  }),
);

/** Bytes in the request target that are not UTF-8 (latin1 characters go on the wire as single bytes). */
export const rawLatin1: fc.Arbitrary<string> = fc.string({ unit: latin1High, minLength: 1, maxLength: 4 });

/** Percent-encodes the UTF-8 of text (a lone surrogate becomes U+FFFD, as in any UTF-8 encoder). */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
