import type { Command } from 'commander';
import type { Database } from '../../shared/db/database';
import type { Output } from './output';

/** What a command runs with; opened once commander has accepted the command line. */
export interface CommandContext {
  db: Database;
  out: Output;
  /** Reads a file, or stdin for "-". */
  readFile: (path: string) => Promise<string>;
}

/**
 * Adds commands to the CLI's commander program. Their actions call `context()` for the database
 * and the output; every command also gets --json and --help.
 */
export type AddCommands = (program: Command, context: () => CommandContext) => void;
