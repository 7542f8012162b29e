import { expect } from 'chai';
import { queryWords } from './query-words';
import { relevanceQuery } from './relevance';
import { concepts, familyOf, relatedTo, SYNONYM_GROUPS, synonymsOf, type Concept } from './synonyms';

describe('synonyms', () => {
  const terms = SYNONYM_GROUPS.flat();

  it('lists each term once per group and each phrase once, in lowercase with single spaces, in groups of two or more', () => {
    for (const group of SYNONYM_GROUPS) expect(new Set(group).size, group.join()).to.equal(group.length);
    const phrases = terms.filter((t) => t.includes(' '));
    expect(new Set(phrases).size).to.equal(phrases.length);
    for (const term of terms) expect(term).to.match(/^[a-z0-9]+( [a-z0-9]+)*$/);
    for (const group of SYNONYM_GROUPS) expect(group.length).to.be.at.least(2);
  });

  it('keys only one-word terms, as queryWords gives them (no stop word among them)', () => {
    for (const term of terms.filter((t) => !t.includes(' '))) {
      expect(queryWords(term).words, term).to.deep.equal([term]);
      expect(synonymsOf(term), term).not.to.be.empty;
    }
  });

  it('gives the other members of the group, phrases included, and nothing for other words', () => {
    expect(synonymsOf('k8s')).to.deep.equal(['kubernetes']);
    expect(synonymsOf('kubernetes')).to.deep.equal(['k8s']);
    expect(synonymsOf('ml')).to.deep.equal(['machine learning']);
    expect(synonymsOf('machine learning')).to.deep.equal([]);
    expect(synonymsOf('engineer')).to.deep.equal([]);
  });

  it('gives a word in several groups the members of each ("pm" is any of three managers)', () => {
    expect(synonymsOf('pm')).to.deep.equal(['project manager', 'product manager', 'program manager']);
    expect(synonymsOf('sre')).to.deep.equal(['site reliability engineer', 'site reliability engineering']);
    expect(synonymsOf('devops')).to.deep.equal(['dev ops']);
    expect(relatedTo('sre')).to.deep.equal(['devops', 'dev ops']);
    expect(relatedTo('devops')).to.deep.equal([]);
  });

  it('reads the abbreviations of job titles in health, finance, office and technology as the words they stand for, both ways', () => {
    expect(synonymsOf('ar')).to.deep.equal(['accounts receivable']);
    expect(synonymsOf('ccot')).to.deep.equal(['critical care outreach']);
    expect(synonymsOf('nqn')).to.deep.equal(['newly qualified nurse']);
    expect(synonymsOf('sfdc')).to.deep.equal(['salesforce']);
    expect(synonymsOf('dw')).to.deep.equal(['data warehouse', 'data warehousing', 'dwh']);
    // Spelled out in a query, the words are one term that finds the abbreviation.
    const [receivable, clerk] = concepts(['accounts', 'receivable', 'clerk']);
    expect(receivable.words).to.deep.equal(['accounts', 'receivable']);
    expect(receivable.synonyms).to.deep.equal(['ar']);
    expect(clerk.words).to.deep.equal(['clerk']);
    // A role typed as its abbreviation and a word ("gp nurse") is one term, as its spelling out is.
    const [practiceNurse] = concepts(['gp', 'nurse']);
    expect(practiceNurse.words).to.deep.equal(['gp', 'nurse']);
    expect(practiceNurse.synonyms).to.deep.equal(['general practice nurse', 'practice nurse', 'gpn']);
    expect(synonymsOf('cmhn')).to.deep.equal(['community psychiatric nurse', 'community mental health nurse', 'cpn']);
    expect(synonymsOf('mlops')).to.deep.equal(['machine learning operations', 'ml ops']);
  });

  it('knows the abbreviations of the issue: sre, devops, ml, ai, hr, qa, ux, ui, pm, rn, rmn, gp, hca, etl', () => {
    for (const abbreviation of ['sre', 'devops', 'ml', 'ai', 'hr', 'qa', 'ux', 'ui', 'pm', 'rn', 'rmn', 'gp', 'hca', 'etl']) {
      expect(synonymsOf(abbreviation), abbreviation).not.to.be.empty;
    }
    expect(synonymsOf('rmn')).to.include('mental health nurse');
    expect(synonymsOf('hca')).to.include('healthcare assistant');
  });

  it('reads the words of a multi-word member as one term, the longest spelling first', () => {
    const term = (words: string[], more: Partial<Concept> = {}): Concept => ({
      words,
      synonyms: [],
      related: [],
      family: [],
      phrase: false,
      ...more,
    });
    expect(concepts(['senior', 'machine', 'learning', 'engineer'])).to.deep.equal([
      term(['senior']),
      term(['machine', 'learning'], { synonyms: ['ml'], phrase: true }),
      term(['engineer']),
    ]);
    expect(concepts(['site', 'reliability', 'engineer'])).to.deep.equal([
      term(['site', 'reliability', 'engineer'], { synonyms: ['site reliability engineering', 'sre'] }),
    ]);
    expect(concepts(['learning', 'machine'])).to.deep.equal([term(['learning']), term(['machine'])]);
    expect(concepts(['k8s'])).to.deep.equal([term(['k8s'], { synonyms: ['kubernetes'] })]);
  });

  it('reads two-word concepts as phrases, in any form of their last word, and nothing else', () => {
    for (const q of ['computer vision', 'machine learning', 'data science', 'mental health', 'social work', 'health visitor'])
      expect(concepts(q.split(' ')), q)
        .to.have.length(1)
        .and.to.have.nested.property('[0].phrase', true);
    expect(concepts(['learning', 'disabilities'])[0]).to.include({ phrase: true });
    expect(concepts(['computer', 'engineer']).map((c) => c.phrase)).to.deep.equal([false, false]);
  });

  it('reads a term within a longer one: "mental health" in "mental health nurse"', () => {
    expect(concepts(['mental', 'health', 'nurse'], () => false, 3).map((c) => c.words.join(' '))).to.deep.equal(['mental health', 'nurse']);
  });

  it('forgives a typo in a word of a term only when the index does not know the word', () => {
    const unknown = (word: string) => word === 'lerning';
    expect(concepts(['machine', 'lerning', 'engineer'], unknown)[0])
      .to.include({ phrase: true })
      .and.to.have.property('words')
      .that.deep.equals(['machine', 'learning']);
    expect(concepts(['machine', 'lerning', 'engineer']).map((c) => c.words.length)).to.deep.equal([1, 1, 1]);
    expect(concepts(['machine', 'burning'], () => true).map((c) => c.words.length)).to.deep.equal([1, 1]);
  });

  it('lets a field meet its roles: "data science" finds "data scientist", "midwifery" "midwife"; not the other way', () => {
    expect(familyOf('data science')).to.deep.equal(['data scientist']);
    expect(familyOf('data scientist')).to.deep.equal([]);
    expect(familyOf('pharmacist')).to.deep.equal([]);
    expect(familyOf('midwifery')).to.deep.equal(['midwife']);
    expect(concepts(['data', 'science'])[0].family).to.deep.equal(['data scientist']);
    expect(familyOf('developer')).to.deep.equal([]);
  });

  it('weighs a synonym below the term itself, by the words it stands for over its own', () => {
    const text = JSON.stringify(relevanceQuery('k8s ml'));
    expect(text).to.include('{"multi_match":{"query":"kubernetes","type":"cross_fields"');
    expect(text).to.match(/"query":"kubernetes"[^}]*"boost":0\.8\b/);
    expect(text).to.match(/"query":"machine learning","type":"phrase"[^}]*"boost":0\.4\b/);
    expect(JSON.stringify(relevanceQuery('machine learning'))).to.match(/"query":"ml","type":"cross_fields"[^}]*"boost":1\.6\b/);
    expect(JSON.stringify(relevanceQuery('engineer'))).not.to.include('"type":"phrase"');
  });
});
