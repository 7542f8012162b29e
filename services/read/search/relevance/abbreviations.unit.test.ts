import { expect } from 'chai';
import { agreedDefinition, definitionsIn } from './abbreviations';

describe('definitionsIn (an abbreviation as a posting spells it out)', () => {
  it('reads the fewest words before the bracket whose first letters spell it, linking words aside', () => {
    expect(definitionsIn('Join our Community Mental Health Team (CMHT) in Leeds.', 'cmht')).to.deep.equal(['community mental health team']);
    expect(definitionsIn('Our Speech and Language Therapy (SLT) service', 'slt')).to.deep.equal(['speech and language therapy']);
    expect(definitionsIn('as a Psychological Wellbeing Practitioner (PWPs) you will', 'pwp')).to.deep.equal([
      'psychological wellbeing practitioner',
    ]);
    expect(definitionsIn("the Looked After Children's (LAC) team", 'lac')).to.deep.equal(['looked after children']);
  });

  it('finds nothing where the words before do not spell it, or it is not in brackets', () => {
    expect(definitionsIn('working with the CMHT and the ward (CMHT)', 'cmht')).to.deep.equal([]);
    expect(definitionsIn('Community Mental Health Team CMHT', 'cmht')).to.deep.equal([]);
    expect(definitionsIn('therapy services (SLT, OT, PT)', 'slt')).to.deep.equal([]);
  });
});

describe('agreedDefinition (what the postings that mention an abbreviation agree it stands for)', () => {
  const defining = (definition: string, abbreviation: string) => [`We are the ${definition} (${abbreviation.toUpperCase()}).`];

  it('is the definition three postings or more give, as most write it, its last word in any form', () => {
    const byPosting = [
      defining('Speech and Language Therapist', 'slt'),
      defining('Speech and Language Therapists', 'slt'),
      defining('Speech and Language Therapy', 'slt'),
      defining('Speech and Language Therapist', 'slt'),
      ['Our SLT team is growing.'],
    ];
    expect(agreedDefinition('slt', byPosting)).to.equal('speech and language therapist');
  });

  it('is none when fewer postings agree, or another definition is nearly as common', () => {
    expect(
      agreedDefinition('react', [defining('Reactive Emergency Assessment Community Team', 'react'), ['React and Redux'], ['React']]),
    ).to.equal(undefined);
    const gis = [
      ...[0, 1, 2].map(() => defining('Geographic Information System', 'gis')),
      ...[0, 1].map(() => defining('Guaranteed Interview Scheme', 'gis')),
    ];
    expect(agreedDefinition('gis', gis)).to.equal(undefined);
    expect(agreedDefinition('gis', [...gis.slice(0, 3), ...gis.slice(0, 3), gis[3]])).to.equal('geographic information system');
  });
});
