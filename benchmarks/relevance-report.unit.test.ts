import { expect } from 'chai';
import { ndcgAt10 } from './relevance-metrics';
import {
  formatSetReport,
  laterMentions,
  lossReason,
  parseRunOutput,
  previousRankings,
  scoreSet,
  type RankedQuery,
} from './relevance-report';

describe('relevance report', () => {
  const titles: Record<string, string> = { a: 'Staff nurse', b: 'Senior staff nurse', d: 'Ward clerk', e: 'Nurse practitioner' };
  const titleOf = (key: string) => titles[key] ?? key;
  const judgments = {
    nurse: { a: 2, b: 2, c: 1, d: 0, e: 2 },
    'java react': { f: 2, g: 1 },
    nures: { a: 2, c: 1 },
  };
  const ranking = (top: string[]) => ({ top, results: top.length });
  const queries: RankedQuery[] = [
    {
      q: 'nurse',
      style: 'role',
      note: 'a known loss',
      rankings: { product: ranking(['d', 'x', 'c', 'a']), bm25: ranking(['a', 'b', 'e', 'c']), previous: ranking(['a', 'b', 'e', 'c']) },
    },
    {
      q: 'java react',
      style: 'skill pair',
      rankings: { product: ranking(['f', 'g']), bm25: ranking(['g', 'f']), previous: ranking(['f', 'g']) },
    },
    { q: 'nures', style: 'misspelling', rankings: { product: ranking(['c', 'a']), bm25: ranking(['a', 'c']) } },
  ];

  describe('why a query ranks below BM25', () => {
    it("names the product's own postings graded 0 or unjudged, and BM25's own graded 2, with their titles", () => {
      const reason = lossReason(queries[0].rankings.product, queries[0].rankings.bm25, judgments.nurse, titleOf);
      expect(reason.product_misses).to.deep.equal({
        count: 2,
        first: [
          { key: 'd', title: 'Ward clerk', grade: 0 },
          { key: 'x', title: 'x', grade: null },
        ],
      });
      expect(reason.bm25_hits).to.deep.equal({
        count: 2,
        first: [
          { key: 'b', title: 'Senior staff nurse' },
          { key: 'e', title: 'Nurse practitioner' },
        ],
      });
      expect(reason.summary).to.equal(
        "2 postings of the product's top 10 graded 0 or unjudged, not in BM25's; 2 postings graded 2 in BM25's top 10, not in the product's",
      );
    });

    it('names three of each at most, and counts them all', () => {
      const reason = lossReason(ranking(['p', 'q', 'r', 's', 't']), ranking(['a', 'b', 'e', 'c']), judgments.nurse, titleOf);
      expect(reason.product_misses.count).to.equal(5);
      expect(reason.product_misses.first.map((m) => m.key)).to.deep.equal(['p', 'q', 'r']);
      expect(reason.bm25_hits.first.map((h) => h.key)).to.deep.equal(['a', 'b', 'e']);
    });

    it('says when the product finds fewer postings', () => {
      const reason = lossReason({ top: [], results: 0 }, { top: ['a'], results: 120 }, judgments.nurse, titleOf);
      expect(reason.summary).to.equal("the product finds 0 postings, BM25 120; 1 posting graded 2 in BM25's top 10, not in the product's");
    });

    it('falls back on the grades by rank when neither side has a posting of its own to blame', () => {
      expect(lossReason(ranking(['c', 'a']), ranking(['a', 'c']), judgments.nures, titleOf).summary).to.equal(
        'the same grades, in a worse order: product 1 2, BM25 2 1',
      );
      expect(lossReason(ranking(['c', 'y']), ranking(['b', 'c']), { b: 1, c: 1, y: 1, a: 2 }, titleOf).summary).to.equal(
        'the same grades, in a worse order: product 1 1, BM25 1 1',
      );
      expect(lossReason(ranking(['c']), ranking(['c', 'b']), { b: 1, c: 2 }, titleOf).summary).to.equal(
        'the product finds 1 posting, BM25 2',
      );
    });
  });

  describe('a set scored', () => {
    const report = scoreSet(queries, judgments, titleOf, true);

    it('lists the queries below BM25 with both figures, the note and the reason', () => {
      expect(report.below_bm25.map((b) => b.q)).to.deep.equal(['nurse', 'nures']);
      const [nurse] = report.below_bm25;
      expect(nurse).to.deep.include({ style: 'role', note: 'a known loss' });
      expect(nurse.product).to.equal(ndcgAt10(['d', 'x', 'c', 'a'], judgments.nurse));
      expect(nurse.bm25).to.equal(ndcgAt10(['a', 'b', 'e', 'c'], judgments.nurse));
      expect(nurse.reason.product_misses.count).to.equal(2);
      expect(report.below_bm25[1]).to.not.have.property('note');
    });

    it('gives each category its figures per system and flags those where the product is below BM25', () => {
      expect(report.by_category.map((c) => [c.style, c.product_below_bm25])).to.deep.equal([
        ['role', true],
        ['skill pair', false],
        ['misspelling', true],
      ]);
      expect(report.by_category[1].product).to.deep.equal({ queries: 1, ndcg10: 1, p10: 0.2 });
      expect(report.by_category[0].previous).to.deep.include({ queries: 1, ndcg10: 1 });
      expect(report.by_category[2]).to.not.have.property('previous');
    });

    it('tests the product against BM25 and against the previous run over the queries it had', () => {
      expect(report.paired.product_vs_bm25).to.deep.include({ pairs: 3, wins: 1, ties: 0, losses: 2, p: 1 });
      expect(report.paired.product_vs_previous).to.deep.include({ pairs: 2, wins: 0, ties: 1, losses: 1 });
      expect(report.scores.previous).to.deep.include({ queries: 2 });
      expect(report.scores.previous!.ndcg10).to.equal(0.5 * (1 + 1));
      expect(report).to.deep.include({ queries: 3, judged_queries: 3 });
    });

    it("keeps each system's top keys per query, the previous run's where it had the query", () => {
      expect(report.per_query[0]).to.deep.include({ q: 'nurse', style: 'role', note: 'a known loss' });
      expect(report.per_query[0].product.top).to.deep.equal(['d', 'x', 'c', 'a']);
      expect(report.per_query[0].previous!.top).to.deep.equal(['a', 'b', 'e', 'c']);
      expect(report.per_query[0].product).to.deep.include({ results: 4, unjudged: 1 });
      expect(report.per_query[2]).to.not.have.property('previous');
    });

    it('leaves the previous run out when none was given', () => {
      const alone = scoreSet(queries, judgments, titleOf, false);
      expect(alone.scores).to.have.keys('product', 'bm25');
      expect(alone.paired).to.have.keys('product_vs_bm25');
      expect(alone.by_category.some((c) => c.previous)).to.equal(false);
    });

    it('scores every query 0 until the set is judged', () => {
      const unjudged = scoreSet(queries, {}, titleOf, false);
      expect(unjudged).to.deep.include({ judged_queries: 0, below_bm25: [] });
      expect(unjudged.paired.product_vs_bm25).to.deep.include({ ties: 3, p: 1 });
      expect(formatSetReport('Held-out set', 'h.json', unjudged)).to.include('No judgments yet');
    });

    it('reads as text: the tables, the tests and each loss with its postings', () => {
      const text = formatSetReport('Development set', 'queries.json, judgments.json', report);
      expect(text).to.match(/^Development set: 3 queries, 3 of them judged \(queries.json, judgments.json\)\n/);
      expect(text).to.match(/\nprevious run \(2 of 3 queries\) +0\.300 +1\.000 +1\.000 +none +0\n/);
      expect(text).to.match(/\nrole +1 +[\d.]+ +[\d.]+ +1\.000 +0\.400 +1 +1\.000 +0\.400 +<- product below BM25\n/);
      expect(text).to.match(/\nskill pair +1 +1\.000 +0\.200 +[\d.]+ +0\.200 +1 +1\.000 +0\.200\n/);
      expect(text).to.include('  product vs BM25: 1 wins / 0 ties / 2 losses over 3 queries, mean difference -');
      expect(text).to.include('  product vs previous run: 0 wins / 1 ties / 1 losses over 2 queries');
      expect(text).to.include('\n  "nurse" (role): ');
      expect(text).to.include('\n    product only: "Ward clerk" (0); "x" (unjudged)\n');
      expect(text).to.include('\n    BM25 only, graded 2: "Senior staff nurse"; "Nurse practitioner"\n');
      expect(text).to.include('\n    why: the same grades, in a worse order: product 1 2, BM25 2 1');
    });

    it('lists the queries the product moved against the previous run, risen first, and none without one', () => {
      const text = formatSetReport('Development set', 'queries.json, judgments.json', report);
      const nurse = ndcgAt10(['d', 'x', 'c', 'a'], judgments.nurse).toFixed(3);
      expect(text).to.include(
        `\nQueries moved against the previous run on nDCG@10 (0 up, 1 down):\n  - "nurse" (role): 1.000 -> ${nurse}, 1 unjudged in its top 10`,
      );
      expect(text).to.not.include('"java react" (skill pair): 1.000');
      expect(formatSetReport('Development set', 'q.json', scoreSet(queries, judgments, titleOf, false))).to.not.include('Queries moved');
    });
  });

  describe('a previous run read back', () => {
    const entry = (q: string, top: string[], results?: number) => ({
      q,
      style: 'role',
      product: { p10: 0, ndcg10: 0, rr: 0, unjudged: 0, top, ...(results === undefined ? {} : { results }) },
      bm25: { top: ['zzz'] },
    });

    it('takes the product rankings of the format before the held-out set: one per_query list in the whole document', () => {
      const doc = { meta: {}, comparisons: [], relevance: { queries: 2, per_query: [entry('nurse', ['a', 'b'], 40), entry('cook', [])] } };
      expect(previousRankings(doc)).to.deep.equal(
        new Map([
          ['nurse', { top: ['a', 'b'], results: 40 }],
          ['cook', { top: [], results: 0 }],
        ]),
      );
    });

    it('takes both sets of the current format, and the relevance part alone', () => {
      const part = { development: { per_query: [entry('nurse', ['a'], 3)] }, heldout: { per_query: [entry('dietitian', ['h'], 9)] } };
      expect([...previousRankings({ meta: {}, relevance: part }).keys()]).to.deep.equal(['nurse', 'dietitian']);
      expect(previousRankings(part).get('dietitian')).to.deep.equal({ top: ['h'], results: 9 });
    });

    it("reads this report's own JSON back", () => {
      const doc = JSON.parse(JSON.stringify({ relevance: { development: scoreSet(queries, judgments, titleOf, true) } })) as unknown;
      expect(previousRankings(doc).get('nurse')).to.deep.equal({ top: ['d', 'x', 'c', 'a'], results: 4 });
    });

    it('refuses a document with no product rankings', () => {
      expect(() => previousRankings({ meta: {}, comparisons: [], scale: {} })).to.throw(/no relevance per_query/);
      expect(() => previousRankings({ relevance: { per_query: [{ q: 'nurse' }] } })).to.throw(/no relevance per_query/);
      expect(() => previousRankings([])).to.throw(/no relevance per_query/);
    });

    it('skips the lines npm run prints before the JSON', () => {
      expect(
        parseRunOutput('\n> job-listing-agent-api@1.0.0 bench\n> tsx benchmarks/run.ts relevance --json\n\n{\n "a": 1\n}\n'),
      ).to.deep.equal({
        a: 1,
      });
      expect(parseRunOutput('{"a": [1]}')).to.deep.equal({ a: [1] });
    });
  });
});

describe('laterMentions (what a judge reads past the opening of a long description)', () => {
  it('gives each later mention of a query word with its context, whole words only, two per word at most', () => {
    const description = `${'x'.repeat(900)} We use TensorFlow daily. tensorflowy is not it. Also PyTorch, PyTorch and PyTorch.`;
    const mentions = laterMentions('tensorflow pytorch', description);
    expect(mentions).to.have.length(3);
    expect(mentions[0]).to.include('We use TensorFlow daily');
    expect(laterMentions('tensorflow', 'TensorFlow only in the opening')).to.deep.equal([]);
  });
});
