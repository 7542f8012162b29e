import type { AddCommands } from '../command';
import { keysCommands } from './keys';
import { membershipsCommands } from './memberships';
import { resumesCommands } from './resumes';
import { usersCommands } from './users';

/** Every command, in the order --help lists them. */
export const addCommands: AddCommands = (program, context) => {
  for (const add of [usersCommands, membershipsCommands, resumesCommands, keysCommands]) add(program, context);
};
