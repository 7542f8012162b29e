import type { JobTypeValue } from '../../shared/schemas/common';
import type { Random } from './random';
import { CURRENCIES, LEVELS, type ExperienceLevel } from './vocabulary';

/** What a salary string depends on. */
export interface SalaryInput {
  /** Yearly US-dollar band of a mid-level hire. */
  band: readonly [number, number];
  level: ExperienceLevel;
  type: JobTypeValue;
  /** Country whose currency pays the job (a key of CURRENCIES). */
  country: string;
  equity: boolean;
}

function money(symbol: string, amount: number): string {
  return `${symbol}${amount.toLocaleString('en-US')}`;
}

function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

/**
 * The salary string as job boards show it: a yearly range for employees, a day rate for
 * contractors, an hourly rate for part-time work, a monthly stipend for interns.
 */
export function describeSalary(rng: Random, input: SalaryInput): string {
  if (input.type === 'volunteer') return 'Unpaid (expenses covered)';
  const { symbol, factor } = CURRENCIES[input.country];
  // A little spread so two jobs of the same kind rarely show the same numbers.
  const scale = LEVELS[input.level].salaryFactor * factor * (0.9 + rng.next() * 0.2);
  const low = input.band[0] * scale;
  const high = input.band[1] * scale;
  switch (input.type) {
    case 'internship':
      return `${money(symbol, roundTo((low / 12) * 0.6, 100))} per month`;
    case 'contract':
    case 'freelance':
      return `${money(symbol, roundTo(low / 200, 10))} - ${money(symbol, roundTo(high / 200, 10))} per day`;
    case 'part_time':
      return `${money(symbol, roundTo(low / 2000, 1))} - ${money(symbol, roundTo(high / 2000, 1))} per hour`;
    case 'full_time': {
      const step = low >= 100_000 ? 5000 : 1000;
      const range = `${money(symbol, roundTo(low, step))} - ${money(symbol, roundTo(high, step))}`;
      return input.equity ? `${range} + equity` : range;
    }
  }
}
