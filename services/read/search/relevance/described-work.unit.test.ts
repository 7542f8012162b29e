import { expect } from 'chai';
import { describesWork } from './described-work';
import type { TypoPolicy } from './relevance';

/** A policy whose look-up answered: these words name roles, these places, and these were misspelt. */
const knowing = ({ roles = [] as string[], places = [] as string[], corrections = {} as Record<string, string> }): TypoPolicy =>
  Object.assign((word: string) => word in corrections, {
    roles: new Set(roles),
    places: new Set(places),
    corrections: new Map(Object.entries(corrections)),
  });

describe('describesWork', () => {
  const policy = knowing({ roles: ['nurse', 'therapist', 'midwife'], places: ['leeds'] });

  it('reads a sentence of five words or more that names no role and no place as a description of the work', () => {
    expect(describesWork('bring newborn babies safely into the world', policy)).to.equal(true);
    expect(describesWork('someone to automate how our code gets released to servers', policy)).to.equal(true);
    expect(describesWork('help stroke survivors talk and eat again', policy)).to.equal(true);
  });

  it('leaves a query that names a role or a place to the words', () => {
    expect(describesWork("i'm a qualified midwife looking for my next role in leeds", policy)).to.equal(false);
    expect(describesWork('band 6 speech and language therapist', policy)).to.equal(false);
    expect(describesWork('caring for elderly people at home in leeds', policy)).to.equal(false);
  });

  it('leaves short queries and lists of topics, which have no word beside their topics, to the words', () => {
    expect(describesWork('elderly people at home', policy)).to.equal(false);
    expect(describesWork('vat returns year end accounts', policy)).to.equal(false);
    expect(describesWork('planned preventative maintenance fault finding', policy)).to.equal(false);
  });

  it('reads the words as meant: a misspelt role word names the role', () => {
    const misspelt = knowing({ roles: ['midwife'], corrections: { midwfe: 'midwife' } });
    expect(describesWork('bring newborn babies safely into the world as a midwfe', misspelt)).to.equal(false);
    expect(describesWork('bring newborn babies safely into the world as a midwfe', knowing({}))).to.equal(true);
  });

  it('reads nothing so without the index’s knowledge of roles', () => {
    expect(describesWork('bring newborn babies safely into the world', undefined)).to.equal(false);
    expect(
      describesWork(
        'bring newborn babies safely into the world',
        Object.assign(() => false, {}),
      ),
    ).to.equal(false);
  });
});
