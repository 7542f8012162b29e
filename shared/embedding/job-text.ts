import { createHash } from 'node:crypto';
import type { JobDocument } from '../jobs/job-document';
import { MODEL_CARD } from './model-card';

/**
 * Characters of the description embedded after the title and skills: about 200 tokens, where a
 * posting says what the job is. Past it, descriptions turn to benefits and boilerplate, and each
 * token more costs embedding time (the model's cost grows with the text's length).
 */
export const DESCRIPTION_CHARS = 1000;

/** The text of a job that its vector stands for: its title, skills and the start of its description. */
export function embeddingTextOf(job: Pick<JobDocument, 'title' | 'skills' | 'description'>): string {
  const skills = job.skills.length > 0 ? `Skills: ${job.skills.join(', ')}.` : '';
  const description = (job.description ?? '').replace(/\s+/g, ' ').trim().slice(0, DESCRIPTION_CHARS);
  return [job.title.trim(), skills, description].filter((part) => part !== '').join('\n');
}

/**
 * The key of a text's vector: the same text under the same model is embedded once, whichever
 * jobs share it (reposted and edited-back postings) and however often a job is reindexed.
 */
export function embeddingKeyOf(text: string): string {
  return createHash('sha256').update(`${MODEL_CARD.name}\n${text}`).digest('base64url');
}
