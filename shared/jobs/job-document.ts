import type { Job } from '../schemas/job';
import type { JobTypeValue } from '../schemas/common';

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
}

/** Today's date (UTC) as YYYY-MM-DD: a job closing today is still open today. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Active per DESIGN.md 3: flag set and closing date absent or not in the past. */
export function isJobActive(doc: Pick<JobDocument, 'is_active' | 'closing_date'>, now = new Date()): boolean {
  return doc.is_active && (doc.closing_date === null || doc.closing_date >= todayUtc(now));
}

/** The Job response object: fields with no value omitted, `skills` always an array. */
export function presentJob(doc: JobDocument, now = new Date()): Job {
  const job: Record<string, unknown> = {
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
    tags: doc.tags,
    responsibilities: doc.responsibilities,
    project_id: doc.project_id,
    resume_score_threshold: doc.resume_score_threshold,
    generate_screening: doc.generate_screening,
    is_active: isJobActive(doc, now),
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
  for (const key of Object.keys(job)) if (job[key] === null || job[key] === undefined) delete job[key];
  return job as Job;
}
