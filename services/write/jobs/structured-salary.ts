import { currencyOfCountry } from '../../../shared/salary/currency';
import { parseSalary } from '../../../shared/salary/parse-salary';
import type { SalaryPeriod } from '../../../shared/salary/periods';
import { STRUCTURED_SALARY_FIELDS } from '../../../shared/schemas/job-create';
import type { Queryable } from '../indexing/queryable';

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
  return { salary_min: parsed?.min ?? null, salary_max: parsed?.max ?? null, salary_currency: parsed?.currency ?? null, salary_period: parsed?.period ?? null };
}

/** The countries of the given locations, in one query. */
export async function locationCountries(q: Queryable, locationIds: readonly string[]): Promise<Map<string, string | null>> {
  const rows = await q.query<{ id: string; country_code: string | null }>(`SELECT id, country_code FROM locations WHERE id = ANY($1::uuid[])`, [[...new Set(locationIds)]]);
  return new Map(rows.map((r) => [r.id, r.country_code]));
}

/**
 * Each job with its structured salary: as the recruiter sent it, else parsed from the salary
 * text (DESIGN.md 6, issue 19), which stays as given. One query for the batch's countries.
 */
export async function withStructuredSalaries<T extends SalarySource>(q: Queryable, jobs: readonly T[]): Promise<(T & StructuredSalaryColumns)[]> {
  const toParse = jobs.filter((job) => !sentStructuredSalary(job));
  const countries = toParse.length > 0 ? await locationCountries(q, toParse.map((job) => job.location_id)) : new Map<string, string | null>();
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
