import Ajv, { type ErrorObject } from 'ajv';
import envSchema from 'env-schema';
import type { Static, TObject, TSchema } from '@sinclair/typebox';

/** A setting that cannot be used; its message names the variable (and the value, unless the setting is a secret). */
export class ConfigError extends Error {}

/**
 * Settings are TypeBox schemas, one property per environment variable, each with its type,
 * default and description; env-schema checks the environment against them with ajv. Before that,
 * each value is trimmed (blank counts as unset, so its default applies) and turned from text into
 * what its schema says:
 * - `integer`: digits only (no sign, no fraction, no exponent), else it stays text and is refused;
 * - `boolean`: 1/true/yes/on or 0/false/no/off, in any case;
 * - `array`: a comma-separated list, each item trimmed, empty items dropped;
 * - a string with an `enum`: matched in any case (the listed values are lowercase).
 * Two keywords of our own: `must` completes the message "NAME must ..." of a value its pattern,
 * format or length refuses (on a list's items or on the list), and `writeOnly` (JSON Schema's
 * own) keeps a secret's value out of the message. Formats: `url` (anything `new URL` takes) and
 * `origin` (scheme://host[:port] as browsers send it in Origin: no path, no trailing slash).
 */
const ajv = new Ajv({
  allErrors: true,
  useDefaults: true,
  removeAdditional: true,
  // Values are turned from text above, strictly: ajv's own coercion would take "1e3" or "0x50" for numbers.
  coerceTypes: false,
  verbose: true,
  addUsedSchema: false,
  keywords: ['must'],
  formats: {
    url: { type: 'string', validate: (value: string) => URL.canParse(value) },
    origin: { type: 'string', validate: isOrigin },
  },
});

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

/** Browsers send Origin as scheme://host[:port] and it is compared as a string: a path, a trailing slash or "*" would never match. */
function isOrigin(value: string): boolean {
  const parsed = URL.canParse(value) ? new URL(value) : undefined;
  return parsed !== undefined && ['http:', 'https:'].includes(parsed.protocol) && parsed.origin === value;
}

/** The value of one variable, from text to what its schema says (a value that does not fit stays text, for the schema to refuse). */
function fromText(setting: TSchema, raw: string): unknown {
  switch (setting.type) {
    case 'integer':
      return /^\d+$/.test(raw) ? Number(raw) : raw;
    case 'boolean': {
      const word = raw.toLowerCase();
      return TRUE.includes(word) ? true : FALSE.includes(word) ? false : raw;
    }
    case 'array':
      // Each item is read as its own schema says (a list of numbers holds numbers).
      return raw
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
        .map((item) => fromText(setting.items as TSchema, item));
    default:
      return Array.isArray(setting.enum) ? raw.toLowerCase() : raw;
  }
}

/** One line for one of ajv's errors, naming the variable. */
function describe(error: ErrorObject, schema: TObject, env: NodeJS.ProcessEnv): { name: string; message: string } {
  if (error.keyword === 'required') {
    const name = String(error.params.missingProperty);
    return { name, message: `${name} must be set` };
  }
  const [name, item] = error.instancePath.split('/').slice(1);
  const setting = schema.properties[name];
  const got = item === undefined ? (env[name] ?? '').trim() : String(error.data);
  const shown = setting.writeOnly ? '' : `, got "${got}"`;
  const { minimum, maximum } = (error.parentSchema ?? {}) as { minimum?: number; maximum?: number };
  switch (error.keyword) {
    case 'type':
      if (error.params.type === 'integer') return { name, message: `${name} must be a whole number${shown}` };
      if (error.params.type === 'boolean') return { name, message: `${name} must be true or false${shown}` };
      break;
    case 'minimum':
    case 'maximum': {
      const range =
        minimum !== undefined && maximum !== undefined
          ? `between ${minimum} and ${maximum}`
          : minimum !== undefined
            ? `at least ${minimum}`
            : `at most ${maximum}`;
      return { name, message: `${name} must be ${range}${setting.writeOnly ? '' : `, got ${String(error.data)}`}` };
    }
    case 'enum':
      return { name, message: `${name} must be one of ${(error.params.allowedValues as unknown[]).join(', ')}${shown}` };
  }
  const must = (error.parentSchema as { must?: string } | undefined)?.must ?? (setting as { must?: string }).must;
  return { name, message: `${name} ${must ? `must ${must}` : error.message}${shown}` };
}

/**
 * Reads the variables `schema` names from `env` (process.env by default; the only place that
 * reads it for settings), checks them with env-schema and answers them typed, defaults filled in.
 * Throws a ConfigError naming every bad variable (one message each, joined by "; ").
 */
export function loadEnv<T extends TObject>(schema: T, env: NodeJS.ProcessEnv = process.env): Static<T> {
  const data: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(schema.properties)) {
    const raw = env[name]?.trim();
    if (raw) data[name] = fromText(setting, raw);
  }
  try {
    return envSchema<Static<T>>({ schema, data, env: false, ajv });
  } catch (err) {
    const errors = (err as { errors?: ErrorObject[] }).errors;
    if (!errors) throw err;
    const byName = new Map<string, string>();
    for (const error of errors) {
      const { name, message } = describe(error, schema, env);
      if (!byName.has(name)) byName.set(name, message);
    }
    throw new ConfigError([...byName.values()].join('; '));
  }
}
