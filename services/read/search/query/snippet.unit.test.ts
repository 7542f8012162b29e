import { expect } from 'chai';
import { snippetOf, snippetRequest, withSnippet } from './snippet';

describe('snippet', () => {
  it('asks Elasticsearch for one plain-text fragment of the description, from its start when nothing matched', () => {
    expect(snippetRequest(undefined)).to.deep.equal({});
    expect(snippetRequest(120).highlight).to.deep.include({
      number_of_fragments: 1,
      fragment_size: 120,
      no_match_size: 120,
      pre_tags: [''],
      post_tags: [''],
    });
    expect(withSnippet({ size: 1 }, undefined)).to.deep.equal({ size: 1 });
  });

  it('cuts a fragment longer than asked back to the last whole word', () => {
    expect(snippetOf({ description: ['Build  and run\nservices.'] }, 100)).to.equal('Build and run services.');
    expect(snippetOf({ description: ['Build and run services for agents.'] }, 16)).to.equal('Build and run');
    expect(snippetOf({ description: ['Supercalifragilistic'] }, 5)).to.equal('Super');
    expect(snippetOf(undefined, 100)).to.equal(undefined);
    expect(snippetOf({ description: ['   '] }, 100)).to.equal(undefined);
  });
});
