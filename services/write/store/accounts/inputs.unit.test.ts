import { expect } from 'chai';
import { AccountError } from './errors';
import { checkInput, NewResume, NewUser } from './inputs';

function refusal(fn: () => unknown): AccountError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AccountError) return err;
    throw err;
  }
  throw new Error('expected an AccountError');
}

describe('account inputs (unit)', () => {
  it('trims strings and drops the ones left empty', () => {
    expect(checkInput(NewUser, { name: '  Ada ', email: ' ada@example.com', headline: '   ', is_recruiter: false })).to.deep.equal({
      name: 'Ada',
      email: 'ada@example.com',
      is_recruiter: false,
    });
  });

  it('names every invalid field, and says what an email should look like', () => {
    const err = refusal(() => checkInput(NewUser, { name: '', email: 'nope', headline: 'x'.repeat(301), is_recruiter: true }));
    expect(err.kind).to.equal('invalid');
    expect(err.message).to.equal(
      'Invalid input: name is required; email must be an email address such as ada@example.com; headline must be at most 300 characters.',
    );
  });

  it('bounds resumes like the database does', () => {
    expect(refusal(() => checkInput(NewResume, { title: 't'.repeat(201), content: 'x' })).message).to.equal(
      'Invalid input: title must be at most 200 characters.',
    );
    expect(refusal(() => checkInput(NewResume, { title: 'CV', content: 'x'.repeat(100_001) })).message).to.equal(
      'Invalid input: content must be at most 100000 characters.',
    );
  });

  it('refuses NUL characters, which Postgres text cannot hold (a binary file given as a resume)', () => {
    expect(refusal(() => checkInput(NewResume, { title: 'CV', content: '%PDF-1.4\u0000\u0001' })).message).to.equal(
      'Invalid input: content must be text without NUL characters (U+0000).',
    );
  });
});
