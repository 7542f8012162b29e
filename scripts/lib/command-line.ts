import { CommanderError, InvalidArgumentError, type Command } from 'commander';

/** The exit status of a usage error (unknown option, missing or malformed argument) in the tools. */
export const USAGE_EXIT = 2;

/** commander's codes for help it printed as asked (`--help`, `help`), rather than for an error. */
const HELP_CODES = new Set(['commander.helpDisplayed', 'commander.help', 'commander.version']);

/** True when commander stopped to print help rather than to report an error. */
export function isHelp(err: CommanderError): boolean {
  return HELP_CODES.has(err.code) && err.exitCode === 0;
}

/**
 * An option argument parser (commander's `.argParser`) for whole numbers from `min` to `max`:
 * commander reports anything else as an invalid value of the option, naming it.
 */
export function wholeNumber(min = 1, max = Number.MAX_SAFE_INTEGER): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) {
      throw new InvalidArgumentError(
        max === Number.MAX_SAFE_INTEGER
          ? `It must be a whole number of at least ${min}.`
          : `It must be a whole number from ${min} to ${max}.`,
      );
    }
    return n;
  };
}

/**
 * Parses a tool's command line with commander, without letting commander exit the process.
 * Returns undefined when the tool is to run (read `program.opts()` and `program.processedArgs`),
 * otherwise the exit status to end with: 0 once the help asked for is printed, `usageExit` after
 * a usage error (commander has printed the message, and the help or hint set with
 * showHelpAfterError).
 */
export function parseCommandLine(program: Command, argv: readonly string[], usageExit: number = USAGE_EXIT): number | undefined {
  program.exitOverride();
  try {
    program.parse([...argv], { from: 'user' });
    return undefined;
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    return isHelp(err) ? 0 : usageExit;
  }
}
