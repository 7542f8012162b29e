import { Writable } from 'node:stream';
import { expect } from 'chai';
import { progressBar } from './progress-bar';

/** A stream that is not a terminal (a log file, CI), keeping what is written. */
function logStream(): Writable & { isTTY: boolean; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return Object.assign(stream, { isTTY: false, text: () => chunks.join('') });
}

describe('progress bar', () => {
  it('off a terminal prints plain lines without escape codes: when it starts and when it stops', () => {
    const stream = logStream();
    const bar = progressBar('[import] as {value}', stream);
    bar.start(100_000, 0);
    bar.update(50_000, { suffix: 'rejected 3' });
    bar.update(100_000, { suffix: 'rejected 3' });
    bar.stop();
    const lines = stream.text().split('\n');
    expect(stream.text()).not.to.include('\x1b');
    expect(stream.text()).not.to.include('\r');
    expect(lines).to.have.length(3);
    expect(lines[0]).to.equal('[import] as {value} [------------------------] 0% 0/100,000  0/s  ETA ?');
    expect(lines[1]).to.match(/^\[import\] as \{value\} \[#{24}\] 100% 100,000\/100,000 {2}[\d,]+\/s {2}ETA 0s {2}rejected 3$/);
    expect(lines[2]).to.equal('');
  });

  it('draws nothing when stopped before it started', () => {
    const stream = logStream();
    progressBar('[reindex] copying', stream).stop();
    expect(stream.text()).to.equal('');
  });
});
