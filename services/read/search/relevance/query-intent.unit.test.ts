import { expect } from 'chai';
import { intentClauses } from './intent-clauses';
import { understandQuery } from './query-intent';

describe('understandQuery (what a job seeker asks for)', () => {
  it('never counts filler as the role', () => {
    expect(understandQuery('part time nurse jobs').role).to.deep.equal(['nurse']);
    expect(understandQuery('hiring: data analyst position, vacancy').role).to.deep.equal(['data', 'analyst']);
  });

  it('reads seniority phrases as levels, not as role words', () => {
    expect(understandQuery('entry level data analyst')).to.deep.include({ role: ['data', 'analyst'], levels: ['entry'] });
    expect(understandQuery('Senior staff nurse')).to.deep.include({ role: ['staff', 'nurse'], levels: ['senior'] });
    expect(understandQuery('head of nursing')).to.deep.include({ role: ['nursing'], levels: ['head'] });
    expect(understandQuery('jr developer').levels).to.deep.equal(['entry']);
    expect(understandQuery('principal clinical psychologist').levels).to.deep.equal(['principal']);
  });

  it('reads employment-type words as job types, an internship as a level too', () => {
    expect(understandQuery('part-time receptionist')).to.deep.include({ role: ['receptionist'], types: ['part_time'] });
    expect(understandQuery('temporary healthcare assistant').types).to.deep.equal(['contract']);
    expect(understandQuery('contract java developer').types).to.deep.equal(['contract']);
    expect(understandQuery('data scientist internship')).to.deep.include({
      role: ['data', 'scientist'],
      levels: ['intern'],
      types: ['internship'],
    });
  });

  it('reads a one-word job type and the one word beside it as one thing when that word names no role', () => {
    const roles = new Set(['electrician']);
    expect(understandQuery('contract management', roles)).to.deep.include({ role: ['contract', 'management'], types: ['contract'] });
    expect(understandQuery('volunteer befriending jobs', roles).role).to.deep.equal(['volunteer', 'befriending']);
    expect(understandQuery('contract electrician', roles)).to.deep.include({ role: ['electrician'], types: ['contract'] });
    // More words are a role the index does not know as one; an internship is a level too, whose
    // clause looks for the word already; a type of two words stays a type.
    expect(understandQuery('contract scrum master', roles).role).to.deep.equal(['scrum', 'master']);
    expect(understandQuery('research internship', roles).role).to.deep.equal(['research']);
    expect(understandQuery('part time cleaning', roles).role).to.deep.equal(['cleaning']);
    // Without the index's word on roles, as before.
    expect(understandQuery('contract management').role).to.deep.equal(['management']);
  });

  it('reads remote work, and says so', () => {
    expect(understandQuery('remote python developer')).to.deep.include({ role: ['python', 'developer'], remote: true });
    expect(understandQuery('work from home customer service').remote).to.equal(true);
  });

  it('keeps something to match when nothing of a role is left', () => {
    expect(understandQuery('senior').role).to.deep.equal(['senior']);
    expect(understandQuery('part time jobs').role).to.deep.equal(['part', 'time']);
    expect(understandQuery('jobs').role).to.deep.equal(['jobs']);
  });

  it('compares titles with the query without filler, descriptions with the role as typed', () => {
    expect(understandQuery('speech and language therapist jobs')).to.deep.include({
      phraseText: 'speech and language therapist',
      rolePhrase: 'speech and language therapist',
    });
    expect(understandQuery('entry level data analyst')).to.deep.include({
      phraseText: 'entry level data analyst',
      rolePhrase: 'data analyst',
    });
  });

  it('favours jobs by their stated experience and type, not only by words in the text', () => {
    const text = JSON.stringify(intentClauses(understandQuery('entry level part time data analyst')));
    expect(text).to.include('"experience.lower":["entry level"');
    expect(text).to.include('{"term":{"type":"part_time"}}');
    expect(intentClauses(understandQuery('data analyst'))).to.deep.equal([]);
  });

  it('meets a level with the titles of the levels next to it, below its own title words', () => {
    const clauses = (q: string) => JSON.stringify(intentClauses(understandQuery(q)));
    expect(clauses('senior dietitian')).to.match(/"title\.plain":"senior sr snr"\}\},"boost":20/);
    expect(clauses('senior dietitian')).to.match(/"title\.plain":"lead principal specialist advanced"\}\},"boost":10/);
    expect(clauses('lead data engineer')).to.include('"title.plain":"senior sr snr principal"');
    expect(clauses('head of pharmacy')).to.include('"title.plain":"manager chief"');
    // The levels below senior have no neighbours: a junior post is no intern's, nor a mid-level one.
    expect(clauses('junior developer')).to.not.include('dis_max');
  });

  it('keeps the words typed for a job type, which count above the type a source stated and above other words for it', () => {
    expect(understandQuery('fixed-term administrator').typeWords).to.deep.equal({ contract: ['fixed term'] });
    // Each type keeps its own words: "contract" says nothing of part-time work.
    expect(understandQuery('part time contract nurse').typeWords).to.deep.equal({ part_time: ['part time'], contract: ['contract'] });
    const text = JSON.stringify(intentClauses(understandQuery('fixed term administrator')));
    expect(text).to.match(/"description\.plain":"fixed term"\}\},"boost":20/);
    expect(text).to.match(/"description\.plain":"temporary"\}\},"boost":10/);
    expect(text).to.match(/"term":\{"type":"contract"\}\},"boost":15/);
  });

  it('reads nearness to the seeker ("near me", "nearby") as filler: a search does not know where the seeker is', () => {
    expect(understandQuery('porter job near me').role).to.deep.equal(['porter']);
    expect(understandQuery('nurse jobs nearby').role).to.deep.equal(['nurse']);
    expect(understandQuery('near me').role).to.deep.equal(['near']);
  });

  it('reads what a seeker says to the search ("show me", "i want", "looking for", "any ... going") as filler', () => {
    expect(understandQuery('show me hospital pharmacy jobs')).to.deep.include({
      role: ['hospital', 'pharmacy'],
      phraseText: 'hospital pharmacy',
    });
    expect(understandQuery('i want a job as a hospital porter').role).to.deep.equal(['hospital', 'porter']);
    expect(understandQuery('looking for physiotherapy jobs').role).to.deep.equal(['physiotherapy']);
    expect(understandQuery('any dietitian jobs going').role).to.deep.equal(['dietitian']);
    expect(understandQuery('find me a sonographer').role).to.deep.equal(['sonographer']);
    expect(understandQuery('can i become a phlebotomist').role).to.deep.equal(['phlebotomist']);
    expect(understandQuery('i need a remote data analyst job')).to.deep.include({ role: ['data', 'analyst'], remote: true });
    expect(understandQuery('jobs for someone with tableau experience').role).to.deep.equal(['tableau', 'experience']);
  });

  it('reads "work" as a seeker says it of a job as filler, but not where it ends a term ("social work")', () => {
    expect(understandQuery("i'm looking for weekend work as a kitchen porter in york").role).to.deep.equal([
      "i'm",
      'weekend',
      'kitchen',
      'porter',
      'york',
    ]);
    expect(understandQuery('looking for healthcare scientist work')).to.deep.include({
      role: ['healthcare', 'scientist'],
      rolePhrase: 'healthcare scientist',
    });
    expect(understandQuery('social work assistant').role).to.deep.equal(['social', 'work', 'assistant']);
    expect(understandQuery('are there any social work jobs with children').role).to.include('work');
    // Nothing else left: the word is the query.
    expect(understandQuery('work').role).to.deep.equal(['work']);
  });

  it('reads nearness to a place named ("near leeds", "around bristol", "close to york") as the place alone', () => {
    expect(understandQuery('show me accountancy jobs near leeds').role).to.deep.equal(['accountancy', 'leeds']);
    expect(understandQuery('porter around bristol').role).to.deep.equal(['porter', 'bristol']);
    expect(understandQuery('carer close to york').role).to.deep.equal(['carer', 'york']);
  });

  it('pairs the words on each side of an "or" as alternatives', () => {
    expect(understandQuery('any warehouse or stores jobs going')).to.deep.include({
      role: ['warehouse', 'stores'],
      alternatives: [['warehouse', 'stores']],
    });
    expect(understandQuery('python or java or go developer').alternatives).to.deep.equal([
      ['python', 'java'],
      ['java', 'go'],
    ]);
    expect(understandQuery('python java developer').alternatives).to.deep.equal([]);
    // The word after "or" is the role's already: the pair would be "analyst or data".
    expect(understandQuery('data analyst or data scientist').alternatives).to.deep.equal([]);
    expect(understandQuery('nurse or').alternatives).to.deep.equal([]);
  });

  it('reads "no experience" and "without any experience" as entry level', () => {
    expect(understandQuery('can i become a phlebotomist without any experience')).to.deep.include({
      role: ['phlebotomist'],
      levels: ['entry'],
    });
    expect(understandQuery('healthcare assistant jobs with no experience')).to.deep.include({
      role: ['healthcare', 'assistant'],
      levels: ['entry'],
    });
    expect(understandQuery('no experience required porter').levels).to.deep.equal(['entry']);
    // Experience a seeker has is no level: "user experience" and "tableau experience" stay words.
    expect(understandQuery('user experience designer')).to.deep.include({ role: ['user', 'experience', 'designer'], levels: [] });
  });

  it('reads an NHS pay band as a grade, not as role words, and keeps it out of the phrase', () => {
    expect(understandQuery('band 8b principal pharmacist')).to.deep.include({
      role: ['pharmacist'],
      grades: ['band 8b'],
      levels: ['principal'],
      phraseText: 'principal pharmacist',
    });
    expect(understandQuery('Band 6 physio jobs')).to.deep.include({ role: ['physio'], grades: ['band 6'] });
    // "band" before no band number is a word; a band alone is what is asked for.
    expect(understandQuery('brass band teacher')).to.deep.include({ role: ['brass', 'band', 'teacher'], grades: [] });
    expect(understandQuery('band 5 jobs')).to.deep.include({ role: ['band', '5'], grades: [] });
  });

  it('puts every internship first, by its title, level tag or type, above what words score', () => {
    const text = JSON.stringify(intentClauses(understandQuery('machine learning internship')));
    expect(text).to.include('{"term":{"type":"internship"}}');
    expect(text).to.include('"experience.lower":["internship","intern"]');
    expect(text).to.match(/"boost":200/);
  });
});
