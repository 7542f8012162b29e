import { expect } from 'chai';
import { checkJobCreate, prepareJobCreate } from './job-create';

const ORG = '3f0e7c1a-8b9d-4c2e-9f1a-2b3c4d5e6f70';
const LOC = '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const NOW = new Date('2026-03-15T23:30:00Z');
const valid = { title: 'Engineer', organization_id: ORG, location_id: LOC, type: 'contract', salary: '1' };

describe('job create request', () => {
  describe('prepareJobCreate', () => {
    it('trims strings and list items, and drops blanks and nulls as missing', () => {
      const body: Record<string, unknown> = {
        title: '  T  ',
        description: ' \n\t ',
        team: null,
        skills: [' a ', '', '  ', 'b'],
        generate_screening: false,
      };
      expect(prepareJobCreate(body, NOW)).to.deep.equal([]);
      expect(body).to.deep.equal({ title: 'T', skills: ['a', 'b'], generate_screening: false });
    });

    it('keeps list positions when a list holds something other than strings', () => {
      const body: Record<string, unknown> = { tags: [' x ', '', 3] };
      prepareJobCreate(body, NOW);
      expect(body.tags).to.deep.equal(['x', '', 3]);
    });

    it('puts ids in canonical lowercase and leaves other text as sent', () => {
      const body: Record<string, unknown> = { organization_id: ` ${ORG.toUpperCase()} `, project_id: 'not-an-id', title: 'ABC' };
      prepareJobCreate(body, NOW);
      expect(body).to.deep.equal({ organization_id: ORG, project_id: 'not-an-id', title: 'ABC' });
    });

    it('accepts a closing date of today (UTC) and refuses yesterday', () => {
      expect(prepareJobCreate({ closing_date: '2026-03-15' }, NOW)).to.deep.equal([]);
      expect(prepareJobCreate({ closing_date: '2026-03-14' }, NOW)).to.deep.equal([
        { field: 'closing_date', message: 'must not be in the past (today is 2026-03-15 UTC)' },
      ]);
    });

    it('leaves dates that do not exist to the schema, instead of calling them past', () => {
      expect(prepareJobCreate({ closing_date: '2025-02-30' }, NOW)).to.deep.equal([]);
      expect(prepareJobCreate({ closing_date: '2025-13-01' }, NOW)).to.deep.equal([]);
    });
  });

  describe('checkJobCreate', () => {
    it('accepts a minimal body and returns it normalized', () => {
      expect(checkJobCreate({ ...valid, title: ' Engineer ' }, NOW)).to.deep.equal({ ok: true, value: valid });
    });

    it('does not change the object it was given', () => {
      const raw = { ...valid, title: ' Engineer ' };
      checkJobCreate(raw, NOW);
      expect(raw.title).to.equal(' Engineer ');
    });

    it('answers what POST /agents/jobs answers for a bad body', () => {
      const result = checkJobCreate({ ...valid, type: 'permanent', closing_date: '2026-02-29' }, NOW);
      expect(result.ok).to.equal(false);
      if (result.ok) return;
      expect(result.error.toBody()).to.deep.equal({
        code: 'invalid_request',
        message:
          'The request body is invalid: type must be one of: full_time, part_time, contract, internship, freelance, volunteer; closing_date must match format "date".',
        hint: 'Fix the fields named in details.',
        details: [
          { field: 'type', message: 'must be one of: full_time, part_time, contract, internship, freelance, volunteer' },
          { field: 'closing_date', message: 'must match format "date"' },
        ],
      });
    });

    it('accepts 29 February in a leap year', () => {
      expect(checkJobCreate({ ...valid, closing_date: '2028-02-29' }, NOW).ok).to.equal(true);
    });

    it('refuses anything but an object', () => {
      for (const raw of [null, [], 'job', 3]) {
        const result = checkJobCreate(raw, NOW);
        expect(result.ok ? 'ok' : result.error.message).to.equal('The request body must be a JSON object.');
      }
    });
  });
});
