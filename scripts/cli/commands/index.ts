import type { Command } from '../command';
import { keysCreate, keysList, keysRevoke } from './keys';
import { membershipsAdd, membershipsRemove } from './memberships';
import { resumesActivate, resumesAdd, resumesList } from './resumes';
import { usersCreate, usersList } from './users';

/** Every command, in the order --help lists them. */
export const COMMANDS: readonly Command[] = [
  usersCreate,
  usersList,
  membershipsAdd,
  membershipsRemove,
  resumesAdd,
  resumesList,
  resumesActivate,
  keysCreate,
  keysList,
  keysRevoke,
];
