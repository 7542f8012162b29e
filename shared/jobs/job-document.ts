import type { CreatedJob, Job } from '../schemas/job';
import type { JobTypeValue } from '../schemas/common';
import type { SalaryPeriod } from './salary-periods';
import { calendarNow } from '../runtime/calendar';

/** A job as stored in the Elasticsearch index (and as built from its Postgres row). */
export interface JobDocument {
  id: string;
  title: string;
  description: string | null;
  organization: string;
  organization_id: string;
  location: string;
  location_id: string;
  type: JobTypeValue;
  salary: string;
  experience: string | null;
  education: string | null;
  skills: string[];
  tags: string[];
  department: string | null;
  team: string | null;
  reporting_to: string | null;
  responsibilities: string[];
  closing_date: string | null;
  project_id: string | null;
  resume_score_threshold: number | null;
  generate_screening: boolean;
  is_active: boolean;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  // Issue 19; optional because documents indexed before it lack them until a reindex.
  /** Structured salary: parsed from `salary` or sent by the recruiter; null when the text states no amount. */
  salary_min?: number | null;
  salary_max?: number | null;
  salary_currency?: string | null;
  salary_period?: SalaryPeriod | null;
  /** The bounds as yearly amounts (either bound standing for a missing one): what the salary filter and sort read. */
  salary_annual_min?: number | null;
  salary_annual_max?: number | null;
  /** From the job's location. */
  workplace_type?: 'onsite' | 'hybrid' | 'remote';
  is_remote?: boolean;
  // Issue 30; absent until the job's text is embedded (services/embedder), never presented.
  /**
   * The vector of the job's text (shared/embedding/job-text.ts): written as base64 of its float32
   * numbers, big-endian (shared/embedding/vector-bytes.ts). Elasticsearch leaves it out of the
   * _source it answers unless asked (`_source: { exclude_vectors: false }`), then as numbers.
   */
  embedding?: string | number[];
  /** embeddingKeyOf the text `embedding` stands for; alone, the text has nothing the model can read. */
  embedding_key?: string;
}

/**
 * The job's entity tag, the same on both sides: the read service answers it with GET and the
 * write service checks If-Match against it. The version names the content; open or closed is
 * added because being active also turns with the date, without a new version.
 */
export function jobEtag(version: number | string, active: boolean): string {
  return `W/"v${version}-${active ? 'open' : 'closed'}"`;
}

/** Today's date (UTC) as YYYY-MM-DD: a job closing today is still open today. */
export function todayUtc(now = calendarNow()): string {
  return now.toISOString().slice(0, 10);
}

/** Active per DESIGN.md 3: flag set and closing date absent or not in the past. */
export function isJobActive(doc: Pick<JobDocument, 'is_active' | 'closing_date'>, now = calendarNow()): boolean {
  return doc.is_active && (doc.closing_date === null || doc.closing_date >= todayUtc(now));
}

/** Drops the fields that have no value: the response omits them (DESIGN.md 3). */
function withoutEmpty<T>(fields: Record<string, unknown>): T {
  for (const key of Object.keys(fields)) if (fields[key] === null || fields[key] === undefined) delete fields[key];
  return fields as T;
}

/**
 * The Job object of public reads (browse, search, get, MCP): fields with no value omitted, the
 * lists always arrays. The recruiter's screening settings never leave here (presentCreatedJob).
 */
export function presentJob(doc: JobDocument, now = calendarNow()): Job {
  return withoutEmpty<Job>({
    id: doc.id,
    title: doc.title,
    description: doc.description,
    organization: doc.organization,
    location: doc.location,
    type: doc.type,
    salary: doc.salary,
    experience: doc.experience,
    education: doc.education,
    skills: doc.skills ?? [],
    closing_date: doc.closing_date,
    organization_id: doc.organization_id,
    location_id: doc.location_id,
    department: doc.department,
    team: doc.team,
    reporting_to: doc.reporting_to,
    tags: doc.tags ?? [],
    responsibilities: doc.responsibilities ?? [],
    project_id: doc.project_id,
    is_active: isJobActive(doc, now),
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    salary_min: doc.salary_min,
    salary_max: doc.salary_max,
    salary_currency: doc.salary_currency,
    salary_period: doc.salary_period,
    workplace_type: doc.workplace_type,
    is_remote: doc.is_remote,
  });
}

/** The answer to the recruiter who created the job: the Job with its screening settings (DESIGN.md 3). */
export function presentCreatedJob(doc: JobDocument, now = calendarNow()): CreatedJob {
  return withoutEmpty<CreatedJob>({
    ...presentJob(doc, now),
    resume_score_threshold: doc.resume_score_threshold,
    generate_screening: doc.generate_screening ?? false,
  });
}

/** A document and the external version to index it with (the job row's version). */
export interface IndexableJob {
  doc: JobDocument;
  version: number;
}

/** A job just committed together with its outbox row: indexed at once, or later by the indexer. */
export interface CommittedJob extends IndexableJob {
  outboxId: string;
}
