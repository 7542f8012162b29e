import { CURRENCY_SYMBOLS, KNOWN_CURRENCY_CODES } from './currency';
import type { SalaryPeriod } from '../../../shared/jobs/salary-periods';

/** A salary as numbers: at least one bound, its currency (ISO 4217) and the period it is paid per. */
export interface StructuredSalary {
  min?: number;
  max?: number;
  currency: string;
  period: SalaryPeriod;
}

/** What the text alone cannot say: the currency of amounts written without a symbol (the location's country's). */
export interface SalaryContext {
  defaultCurrency?: string;
}

interface Amount {
  value: number;
  currency?: string;
  start: number;
  end: number;
}

interface PeriodMention {
  period: SalaryPeriod;
  start: number;
}

const escape = (s: string) => s.replace(/[$.*+?()[\]{}|\\^]/g, '\\$&');
// Longest symbols first, so "US$" wins over "$".
const SYMBOLS = [...CURRENCY_SYMBOLS].sort((a, b) => b[0].length - a[0].length);
const SYMBOL_PATTERN = SYMBOLS.map(([s]) => escape(s)).join('|');
const CODE_OF = new Map(SYMBOLS.map(([s, code]) => [s.toLowerCase(), code]));

/**
 * An amount: an optional symbol or code, digits with comma thousands and decimals, an optional
 * "k", an optional symbol or code after it. A digit glued to a letter (ST1, 2nd) is no amount.
 */
const AMOUNT = new RegExp(
  `(?<pre>${SYMBOL_PATTERN}|\\b[A-Z]{3}\\b)?\\s*(?<![\\p{L}\\d.,])(?<num>\\d{1,3}(?:, ?\\d{3})+(?:\\.\\d+)?|\\d{1,3}(?:\\.\\d{3})+(?:\\.\\d{1,2})?(?![\\d,])|\\d+(?:\\.\\d+)?)(?<k>\\s?[kK]\\b)?(?:\\s*(?<post>\\b[A-Z]{3}\\b|€|£|zł))?`,
  'gu',
);

/** Numbers that count something else: a percentage, a duration, a grade ("band 6", "point 22"). */
const NOT_PAY_AFTER =
  /^\s*(?:%|per\s?cent|hours?\b|hrs?\b|days?\b|weeks?\b|months?\b|years?\b|yrs?\b|sessions?\b|mins?\b|minutes?\b|x\b|wte\b)/i;
const NOT_PAY_BEFORE = /(?:band|grade|level|point|spine|step|year|yr|agenda|section|scp|tier|ft|pt|x)\s*$/i;

/** Words that name a pay period, each pattern tried anywhere in the text. */
const PERIOD_WORDS: [SalaryPeriod, RegExp][] = [
  [
    'hour',
    /per\s*hour|an\s*hour|a\s*hour|\bp\s*\/\s*h(?:r|our)?\b|\(ph\)|\bph\b|\bp\.h\.?|\/\s*h(?:ou)?r\b|\bhourly\b|\bper\s*hr\b|\bhr\b|\bhour\b|\bph\b/gi,
  ],
  ['day', /per\s*day|a\s*day|\bdaily\b|\bp\s*\/\s*d\b|\/\s*day\b|\bday\s*rate\b|\bper\s*diem\b/gi],
  ['week', /per\s*week|a\s*week|\bweekly\b|\bp\s*\/\s*w\b|\bpw\b|\/\s*w(?:ee)?k\b/gi],
  ['month', /per\s*month|a\s*month|\bmonthly\b|\bpcm\b|\bp\s*\/\s*m\b|\/\s*mo(?:nth)?\b/gi],
  [
    'year',
    /per\s*ann?um|per\s*year|a\s*year|\bann?um\b|\bannual(?:ly)?\b(?!\s*leave)|\bp\.\s*a\b\.?|\bpa\b|\bp\s*\/\s*a\b|\/\s*y(?:ea)?r\b|\byearly\b|\bfte\b|\bp\.a\.?/gi,
  ],
];

/** An amount that is not the first may lie this many times above or below it and still be pay of the same kind. */
const SAME_KIND_RATIO = 5;

function currencyOf(token: string | undefined): string | undefined {
  if (!token) return undefined;
  const code = CODE_OF.get(token.toLowerCase()) ?? token;
  return KNOWN_CURRENCY_CODES.has(code) ? code : undefined;
}

function findAmounts(text: string): Amount[] {
  const amounts: Amount[] = [];
  for (const match of text.matchAll(AMOUNT)) {
    const { pre, num, k, post } = match.groups!;
    const start = match.index + match[0].indexOf(num);
    const end = match.index + match[0].length;
    // A three-letter word before a number is a currency only when it is one (not "ST1", "CAT 2").
    const before = pre && !currencyOf(pre) && /^[A-Z]{3}$/.test(pre) ? undefined : pre;
    if (NOT_PAY_BEFORE.test(text.slice(Math.max(0, start - 12), start).replace(/[£$€]\s*$/, ''))) continue;
    if (!k && NOT_PAY_AFTER.test(text.slice(start + num.length))) continue;
    const currency = currencyOf(before) ?? currencyOf(post);
    const value = toNumber(num, currency) * (k ? 1000 : 1);
    if (!Number.isFinite(value) || value <= 0) continue;
    amounts.push({ value, currency, start, end });
  }
  return amounts;
}

/**
 * The number a written amount means: commas group thousands; so do dots in "60.000 €" or a bare
 * "27.000", written the continental way, but not beside a currency written with a decimal point
 * (in "£10.500" the dot is a decimal point).
 */
function toNumber(num: string, currency: string | undefined): number {
  // "29.191.50": dots group the thousands, the last one is the decimal point.
  if (/^\d{1,3}(?:\.\d{3})+\.\d{1,2}$/.test(num)) return Number(num.replace(/\.(?=\d{3}\.)/g, ''));
  const dotGroups = /^\d{1,3}(?:\.\d{3})+$/.test(num) && !DECIMAL_POINT_CURRENCIES.has(currency ?? '');
  return Number(dotGroups ? num.replace(/\./g, '') : num.replace(/[, ]/g, ''));
}

/** Currencies written with a decimal point: "£10.500" is ten pounds fifty, not ten thousand five hundred. */
const DECIMAL_POINT_CURRENCIES: ReadonlySet<string> = new Set(['GBP', 'USD', 'CAD', 'AUD', 'NZD', 'INR', 'JPY']);

function findPeriods(text: string): PeriodMention[] {
  const mentions: PeriodMention[] = [];
  for (const [period, pattern] of PERIOD_WORDS) for (const match of text.matchAll(pattern)) mentions.push({ period, start: match.index });
  return mentions.sort((a, b) => a.start - b.start);
}

/** The period an amount of this size is most likely paid per, when the text names none. */
function periodBySize(value: number): SalaryPeriod {
  if (value < 200) return 'hour';
  if (value < 1000) return 'day';
  if (value < 10_000) return 'month';
  return 'year';
}

/**
 * Reads a structured salary out of the free text recruiters write ("£25,655 to £31,534 a year",
 * "$45/hr", "Up to £32,000 per annum DOE"); undefined when it states no amount ("Competitive",
 * "Band 6") or no currency can be told. The first amount leads: amounts further on join it when
 * they are of its size (a range, "£31,365/£33,779/£37,890") and paid per the same period, so a
 * bonus, a percentage or a second rate for another period ("£15.65 P/H / £36,461.50 P/A") stay out.
 * With no period named, the size of the amount decides (£16.97 is an hourly rate, £30,258 a year's).
 */
export function parseSalary(text: string, context: SalaryContext = {}): StructuredSalary | undefined {
  const plain = text.replace(/&amp;/g, '&').replace(/\s+/g, ' ');
  const amounts = findAmounts(plain);
  const first = amounts[0];
  // A rate per session is pay for part of a week, not a salary of any period.
  if (!first || /\bper\s*session\b/i.test(plain)) return undefined;
  const mentions = findPeriods(plain);
  const named = mentions.find((m) => m.start >= first.end) ?? mentions[0];
  const pair = rangeAfter(plain, amounts, 0);
  const lead = pair?.[0] ?? first;
  const period = named?.period ?? periodBySize(Math.max(...(pair ?? [first]).map((a) => a.value)));
  const otherPeriod = mentions.find((m) => m.start >= first.end && m.period !== period);
  const kept =
    pair ??
    amounts.filter(
      (a) =>
        a === first ||
        (a.value <= first.value * SAME_KIND_RATIO &&
          a.value * SAME_KIND_RATIO >= first.value &&
          (!otherPeriod || a.start < otherPeriod.start)),
    );
  const currency =
    kept.find((a) => a.currency)?.currency ?? amounts.find((a) => a.currency)?.currency ?? codeInText(plain) ?? context.defaultCurrency;
  if (!currency) return undefined;
  // A bare small number ("Band 5" is caught above; "5 sessions") with no symbol and no period is no salary.
  if (!kept.some((a) => a.currency) && !named && lead.value < 1000 && Number.isInteger(lead.value)) return undefined;
  const values = kept.map((a) => a.value);
  const low = Math.min(...values);
  const high = Math.max(...values);
  if (values.length === 1) {
    const before = plain.slice(0, first.start).toLowerCase();
    if (/\b(?:up\s*to|max(?:imum)?|to|under)\s*\W*$/.test(before)) return { max: high, currency, period };
    if (/\b(?:from|starting(?:\s*salary)?(?:\s*from)?|min(?:imum)?|at\s*least|over)\s*\W*$/.test(before))
      return { min: low, currency, period };
  }
  return { min: low, max: high, currency, period };
}

/** Words that join the two ends of a range. */
const RANGE_JOIN = /^\s*(?:-|–|—|to|and)\s*(?:[£$€]|[A-Z]{3})?\s*$/i;

/**
 * The range the amount at `index` opens ("£24,907 - £30,615"), when one follows it: the first
 * range is the salary where a text repeats it or adds a pro-rata one. A lower end written short
 * ("£25-31000", "20-26K", the typo "£24.907 - £30,615") is read in the upper end's thousands.
 */
function rangeAfter(text: string, amounts: Amount[], index: number): Amount[] | undefined {
  const [low, high] = [amounts[index], amounts[index + 1]];
  if (!high || !RANGE_JOIN.test(text.slice(low.end, high.start))) return undefined;
  const scaled = low.value < 1000 && high.value / low.value >= 500 ? { ...low, value: Math.round(low.value * 1000 * 100) / 100 } : low;
  if (scaled.value > high.value * SAME_KIND_RATIO || scaled.value * SAME_KIND_RATIO < high.value) return undefined;
  return [scaled, high];
}

/** An ISO code standing alone in the text ("GBP 30,000" is caught with its amount; "salary in USD" here). */
function codeInText(text: string): string | undefined {
  for (const match of text.matchAll(/\b[A-Z]{3}\b/g)) if (KNOWN_CURRENCY_CODES.has(match[0])) return match[0];
  return undefined;
}
