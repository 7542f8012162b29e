/**
 * The clock that decides which day it is, and so whether a job is still open (a job closing
 * today is open all of today, UTC). Everything that asks reads it here, so a process has one
 * answer to "what is today".
 *
 * A test run holds the day still (holdToday, from the test root hooks): jobs seeded just before
 * midnight UTC with closing dates counted from today are judged after midnight by the same day,
 * as they would be by a server and a client whose run did not cross it. The clock still moves
 * within the day, so nothing that measures time between two readings notices.
 */
const DAY_MS = 86_400_000;
let heldBackMs = 0;

/** Now, as the calendar of open and closed jobs sees it. */
export function calendarNow(): Date {
  return new Date(Date.now() - heldBackMs);
}

/**
 * Sets this process's calendar back to the start of the current UTC day, so that it reaches the
 * next day only a full day from now. For test runs only: a server must follow the real date.
 */
export function holdToday(): void {
  heldBackMs = Date.now() % DAY_MS;
}
