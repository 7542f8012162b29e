import { createReadApp } from '../../services/read';
import { createWriteApp } from '../../services/write';
import { testConfig, testDb, testLogger, testSearch } from './context';
import { createApiKey, createLocation, createOrganization, createResume, createUser } from './factories';
import { httpClient } from './http';

/** The write and read services of the tests, on the test database and index. */
export const writeApp = () =>
  httpClient(createWriteApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger }).app);
export const readApp = () => httpClient(createReadApp({ config: testConfig(), search: testSearch(), logger: testLogger }).app);

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The people of the recruiter tests: a recruiter of Acme (who posts), a second recruiter of Acme,
 * a recruiter of another organization, an applicant with a resume; each with a key. Locations in
 * the UK (onsite) and a remote one.
 */
export async function recruiterWorld() {
  const acme = await createOrganization({ name: 'Acme' });
  const other = await createOrganization({ name: 'Globex' });
  const london = await createLocation({ name: 'London', city: 'London', country_code: 'GB' });
  const remote = await createLocation({ name: 'Remote (EU)', workplace_type: 'remote', country_code: 'DE' });
  const recruiter = await createUser({ is_recruiter: true, memberOf: [acme.id] });
  const colleague = await createUser({ is_recruiter: true, memberOf: [acme.id] });
  const outsider = await createUser({ is_recruiter: true, memberOf: [other.id] });
  const applicant = await createUser({ name: 'Ada Applicant' });
  await createResume(applicant.id);
  return {
    acme,
    other,
    london,
    remote,
    recruiter,
    applicant,
    keys: {
      recruiter: (await createApiKey(recruiter.id)).key,
      colleague: (await createApiKey(colleague.id)).key,
      outsider: (await createApiKey(outsider.id)).key,
      applicant: (await createApiKey(applicant.id)).key,
    },
  };
}
export type RecruiterWorld = Awaited<ReturnType<typeof recruiterWorld>>;

/** Creates a job through the API as the world's recruiter and returns its body and ETag. */
export async function postJob(
  world: RecruiterWorld,
  fields: Record<string, unknown> = {},
): Promise<{ id: string; etag: string; body: Record<string, unknown> }> {
  const res = await writeApp()
    .post('/agents/jobs')
    .set('x-api-key', world.keys.recruiter)
    .send({
      title: 'Staff Nurse',
      organization_id: world.acme.id,
      location_id: world.london.id,
      type: 'full_time',
      salary: '£31,365 - £37,890 per annum',
      ...fields,
    });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  const got = await readApp().get(`/agents/jobs/${res.body.id}`);
  return { id: res.body.id, etag: got.headers.etag, body: res.body };
}
