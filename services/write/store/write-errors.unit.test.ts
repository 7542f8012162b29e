import { expect } from 'chai';
import { toJobWriteError } from './write-errors';

const job = { organization_id: 'org-1', location_id: 'loc-1', project_id: 'prj-1' };
const answer = (err: unknown) => toJobWriteError(err, job)?.toBody();

describe('toJobWriteError', () => {
  it('maps foreign-key refusals to the reference they name, by constraint name', () => {
    expect(answer({ code: '23503', constraint: 'jobs_organization_id_fkey' })?.code).to.equal('unknown_organization');
    expect(answer({ code: '23503', constraint: 'jobs_location_id_fkey' })?.code).to.equal('unknown_location');
    expect(answer({ code: '23503', constraint: 'jobs_project_id_organization_id_fkey' })).to.deep.include({
      code: 'unknown_project',
      message: 'No project with id "prj-1" in organization "org-1".',
    });
  });

  it('maps refused values to invalid_request naming the constraint', () => {
    expect(answer({ code: '23514', constraint: 'jobs_title_check' })).to.deep.equal({
      code: 'invalid_request',
      message: 'The job was refused by the database (constraint jobs_title_check).',
      hint: 'The bounds of every field are in the JobCreateRequest schema of GET /openapi.json.',
    });
  });

  it('maps text Postgres cannot store (U+0000) to invalid_request', () => {
    for (const code of ['22P05', '22021']) {
      expect(answer({ code })).to.deep.equal({
        code: 'invalid_request',
        message: 'The job contains a NUL character (U+0000), which cannot be stored.',
        hint: 'Remove the U+0000 characters from its strings.',
      });
    }
  });

  it('leaves everything else to the caller', () => {
    expect(answer({ code: '23503', constraint: 'jobs_created_by_fkey' })).to.equal(undefined);
    expect(answer({ code: '57P01' })).to.equal(undefined);
    expect(answer(new Error('boom'))).to.equal(undefined);
    expect(answer(undefined)).to.equal(undefined);
  });
});
