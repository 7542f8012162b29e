import { expect } from 'chai';
import { calendarNow, holdToday } from './calendar';
import { todayUtc } from '../jobs/job-document';

describe('calendar', () => {
  it('follows the real clock until held', () => {
    expect(Math.abs(calendarNow().getTime() - Date.now())).to.be.below(1000);
  });

  it('held, reads the start of the same UTC day and moves on with real time, a whole day from the next', async () => {
    const realToday = new Date().toISOString().slice(0, 10);
    holdToday();
    const first = calendarNow();
    expect(first.toISOString().slice(0, 10)).to.equal(realToday);
    expect(first.getTime() % 86_400_000, 'ms into the day').to.be.below(1000);
    expect(todayUtc()).to.equal(realToday);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calendarNow().getTime() - first.getTime()).to.be.at.least(15);
  });
});
