/** Symbols written before or after an amount, and the ISO 4217 code each one means. */
export const CURRENCY_SYMBOLS: readonly [symbol: string, code: string][] = [
  ['US$', 'USD'], ['CA$', 'CAD'], ['C$', 'CAD'], ['A$', 'AUD'], ['AU$', 'AUD'], ['NZ$', 'NZD'], ['HK$', 'HKD'], ['S$', 'SGD'],
  ['£', 'GBP'], ['€', 'EUR'], ['$', 'USD'], ['¥', 'JPY'], ['₹', 'INR'], ['CHF', 'CHF'], ['zł', 'PLN'], ['kr', 'SEK'],
];

/**
 * Alphabetic ISO 4217 codes of the currencies job postings are written in; a code outside this
 * list in free text is taken for a word, not a currency (a recruiter's own salary_currency is
 * checked only for its form).
 */
export const KNOWN_CURRENCY_CODES: ReadonlySet<string> = new Set([
  'AED', 'ARS', 'AUD', 'BRL', 'CAD', 'CHF', 'CLP', 'CNY', 'COP', 'CZK', 'DKK', 'EGP', 'EUR', 'GBP', 'HKD', 'HUF', 'IDR', 'ILS',
  'INR', 'JPY', 'KES', 'KRW', 'MXN', 'MYR', 'NGN', 'NOK', 'NZD', 'PHP', 'PKR', 'PLN', 'QAR', 'RON', 'RUB', 'SAR', 'SEK', 'SGD',
  'THB', 'TRY', 'TWD', 'UAH', 'USD', 'VND', 'ZAR',
]);

const EURO_COUNTRIES = ['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK'];

/** The currency of a country (ISO 3166 alpha-2), for amounts written without a symbol; undefined when not known here. */
const COUNTRY_CURRENCY: ReadonlyMap<string, string> = new Map([
  ...EURO_COUNTRIES.map((c) => [c, 'EUR'] as [string, string]),
  ['GB', 'GBP'], ['US', 'USD'], ['CA', 'CAD'], ['AU', 'AUD'], ['NZ', 'NZD'], ['CH', 'CHF'], ['SE', 'SEK'], ['NO', 'NOK'],
  ['DK', 'DKK'], ['PL', 'PLN'], ['CZ', 'CZK'], ['HU', 'HUF'], ['RO', 'RON'], ['IN', 'INR'], ['JP', 'JPY'], ['SG', 'SGD'],
  ['HK', 'HKD'], ['ZA', 'ZAR'], ['BR', 'BRL'], ['MX', 'MXN'], ['AE', 'AED'], ['IL', 'ILS'], ['CN', 'CNY'], ['KR', 'KRW'],
]);

/** The currency amounts are in when a posting of this country writes no symbol. */
export function currencyOfCountry(countryCode: string | null | undefined): string | undefined {
  return countryCode ? COUNTRY_CURRENCY.get(countryCode.toUpperCase()) : undefined;
}
