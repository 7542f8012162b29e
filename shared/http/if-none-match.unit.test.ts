import { expect } from 'chai';
import { ifNoneMatchHolds } from './if-none-match';

describe('If-None-Match (weak comparison)', () => {
  it('holds the same tag, weak or strong on either side', () => {
    expect(ifNoneMatchHolds('W/"v1-open"', 'W/"v1-open"')).to.equal(true);
    expect(ifNoneMatchHolds('"v1-open"', 'W/"v1-open"')).to.equal(true);
    expect(ifNoneMatchHolds('W/"v1-open"', '"v1-open"')).to.equal(true);
  });

  it('holds any tag of a list, and * holds every tag', () => {
    expect(ifNoneMatchHolds('W/"a", W/"v1-open" ,"b"', 'W/"v1-open"')).to.equal(true);
    expect(ifNoneMatchHolds(' * ', 'W/"anything"')).to.equal(true);
  });

  it('does not hold another tag, an empty header or an answer without a tag', () => {
    expect(ifNoneMatchHolds('W/"v1-closed"', 'W/"v1-open"')).to.equal(false);
    expect(ifNoneMatchHolds('W/"v1"', 'W/"v10"')).to.equal(false);
    expect(ifNoneMatchHolds(undefined, 'W/"v1-open"')).to.equal(false);
    expect(ifNoneMatchHolds('', 'W/"v1-open"')).to.equal(false);
    expect(ifNoneMatchHolds('*', undefined)).to.equal(false);
  });
});
