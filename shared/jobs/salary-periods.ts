/** The pay periods a structured salary states, shortest first. */
export const SALARY_PERIODS = ['hour', 'day', 'week', 'month', 'year'] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

/**
 * How many of each period make a working year: 52 weeks of 5 days of 8 hours, as job boards
 * annualise (40 h x 52 = 2 080 hours). Filters and sorting by pay compare these annual figures.
 */
export const PERIODS_PER_YEAR: Record<SalaryPeriod, number> = { hour: 2080, day: 260, week: 52, month: 12, year: 1 };

/** An amount of one period as a yearly amount, rounded to the cent. */
export function annualise(amount: number, period: SalaryPeriod): number {
  return Math.round(amount * PERIODS_PER_YEAR[period] * 100) / 100;
}
