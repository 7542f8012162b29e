import { currencyOfCountry } from './currency';
import { parseSalary } from './parse-salary';
import type { SalaryPeriod } from '../../../shared/jobs/salary-periods';
import { STRUCTURED_SALARY_FIELDS } from '../../../shared/schemas/job-create';

/** The structured salary columns of a job row. */
export interface StructuredSalaryColumns {
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string | null;
  salary_period: SalaryPeriod | null;
}

/** A job as written: its salary text, the structured salary it may carry, its location. */
type SalarySource = { salary: string; location_id: string } & Partial<Record<(typeof STRUCTURED_SALARY_FIELDS)[number], unknown>>;

/** True when the recruiter sent a structured salary (validation made it complete). */
export function sentStructuredSalary(job: Partial<Record<string, unknown>>): boolean {
  return STRUCTURED_SALARY_FIELDS.some((field) => job[field] !== undefined && job[field] !== null);
}

/** The structured salary of a text: parsed, with the location's currency for amounts written without one. */
export function salaryFromText(text: string, countryCode: string | null | undefined): StructuredSalaryColumns {
  const parsed = parseSalary(text, { defaultCurrency: currencyOfCountry(countryCode) });
  return {
    salary_min: parsed?.min ?? null,
    salary_max: parsed?.max ?? null,
    salary_currency: parsed?.currency ?? null,
    salary_period: parsed?.period ?? null,
  };
}

/**
 * Each job with its structured salary: as the recruiter sent it, else parsed from the salary
 * text (DESIGN.md 6, issue 19), which stays as given; `countries` are those checkReferences read.
 */
export function withStructuredSalaries<T extends SalarySource>(
  jobs: readonly T[],
  countries: ReadonlyMap<string, string | null>,
): (T & StructuredSalaryColumns)[] {
  return jobs.map((job) =>
    sentStructuredSalary(job)
      ? {
          ...job,
          salary_min: (job.salary_min as number | undefined) ?? null,
          salary_max: (job.salary_max as number | undefined) ?? null,
          salary_currency: (job.salary_currency as string | undefined) ?? null,
          salary_period: (job.salary_period as SalaryPeriod | undefined) ?? null,
        }
      : { ...job, ...salaryFromText(job.salary, countries.get(job.location_id)) },
  );
}
