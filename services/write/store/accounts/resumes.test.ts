import { expect } from 'chai';
import { resetDatabase, testDb } from '../../../../test/support/context';
import { createResume, createUser } from '../../../../test/support/factories';
import { activateResume, addResume } from './resumes';

describe('resumes: at most one active, under concurrency', () => {
  beforeEach(resetDatabase);

  const activeIds = async (userId: string) =>
    (await testDb().query<{ id: string }>(`SELECT id FROM resumes WHERE user_id = $1 AND is_active`, [userId])).map((r) => r.id);

  it('10 concurrent activations of different resumes all succeed and leave exactly one active', async () => {
    const user = await createUser();
    const resumes = [];
    for (let i = 0; i < 10; i++) resumes.push(await createResume(user.id, { is_active: i === 0 }));
    const results = await Promise.all(resumes.map((r) => activateResume(testDb(), r.id)));
    expect(results.every((r) => r.resume.is_active)).to.equal(true);
    const active = await activeIds(user.id);
    expect(active).to.have.length(1);
    expect(resumes.map((r) => r.id)).to.include(active[0]);
  });

  it('10 concurrent adds with activate all succeed and leave exactly one active', async () => {
    const user = await createUser();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => addResume(testDb(), user.id, { title: `CV ${i}`, content: 'text' }, { activate: true })),
    );
    expect(await testDb().query(`SELECT count(*)::int AS n FROM resumes WHERE user_id = $1`, [user.id])).to.deep.equal([{ n: 10 }]);
    expect(await activeIds(user.id)).to.have.length(1);
  });
});
