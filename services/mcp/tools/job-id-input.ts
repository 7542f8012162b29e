import { Type } from '@sinclair/typebox';
import { Uuid } from '../../../shared/schemas/common';
import { toolSchema } from '../tool-schema';

/**
 * The input of a tool that acts on one job and takes nothing else. One object for all of them,
 * so their arguments share one compiled validator (validatorFor caches by schema object).
 */
export const JOB_ID_INPUT = toolSchema(Type.Object({ job_id: Uuid }, { additionalProperties: false }));
