import { expect } from 'chai';
import { StackRun } from '../../scripts/stack/stack-run';

/** A part's stop for the test: records that it ran and answers as a stop does (a promise; false means it did not stop). */
function recorded(events: string[], event: string, stopped?: boolean): Promise<boolean | void> {
  events.push(event);
  return Promise.resolve(stopped);
}

/** The order in which `npm start` stops what it started (scripts/stack/stack-run.ts). */
describe('StackRun: stopping what one npm start brought up', () => {
  const make = () => {
    const events: string[] = [];
    const run = new StackRun((message) => events.push(`log: ${message}`));
    return { run, events };
  };

  it('stops the parts last started first, passing the signal, and says which stopped', async () => {
    const { run, events } = make();
    run.own('postgres', (signal) => recorded(events, `postgres ${signal}`));
    run.own('elasticsearch', (signal) => recorded(events, `elasticsearch ${signal}`, signal === 'SIGTERM'));
    run.own('worker', (signal) => recorded(events, `worker ${signal}`));
    expect(await run.stop('SIGINT')).to.equal(true);
    expect(events).to.deep.equal([
      'worker SIGINT',
      'log: stopped worker',
      'elasticsearch SIGINT',
      'postgres SIGINT',
      'log: stopped postgres',
    ]);
  });

  it('a stop during a start step interrupts it, waits for it, and stops what it brought up', async () => {
    const { run, events } = make();
    let finish!: (value: string) => void;
    const step = new Promise<string>((resolve) => (finish = resolve));
    const started = run.start(
      step,
      (name) => ({ name, stop: () => recorded(events, `stop ${name}`) }),
      (signal) => {
        events.push(`interrupt ${signal}`);
        setImmediate(() => finish('node'));
      },
    );
    const stopped = run.stop('SIGTERM');
    expect(run.stopping).to.equal('SIGTERM');
    expect(await stopped).to.equal(true);
    expect(await started).to.equal('node');
    expect(events).to.deep.equal(['interrupt SIGTERM', 'stop node', 'log: stopped node']);
  });

  it('a step that fails under the stop registers nothing, and the stop still completes', async () => {
    const { run, events } = make();
    run.own('postgres', () => recorded(events, 'stop postgres'));
    const failing = run.start(Promise.reject(new Error('cut short')), () => ({
      name: 'never',
      stop: () => recorded(events, 'stop never'),
    }));
    failing.catch(() => undefined);
    expect(await run.stop('SIGINT')).to.equal(true);
    expect(events).to.deep.equal(['stop postgres', 'log: stopped postgres']);
  });

  it('a part that fails to stop does not keep the others running; the stop reports it', async () => {
    const { run, events } = make();
    run.own('postgres', () => recorded(events, 'stop postgres'));
    run.own('worker', () => Promise.reject(new Error('it exited with code 1')));
    expect(await run.stop('SIGTERM')).to.equal(false);
    expect(events).to.deep.equal(['log: stopping worker failed: it exited with code 1', 'stop postgres', 'log: stopped postgres']);
  });

  it('a second signal joins the stop under way', async () => {
    const { run, events } = make();
    run.own('worker', (signal) => recorded(events, `worker ${signal}`));
    const first = run.stop('SIGINT');
    expect(run.stop('SIGTERM')).to.equal(first);
    await first;
    expect(events).to.deep.equal(['worker SIGINT', 'log: stopped worker']);
  });
});
