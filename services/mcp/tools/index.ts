import type { ToolDefinition } from '../tool';
import { applyToJobTool } from './apply-to-job';
import { browseJobsTool } from './browse-jobs';
import { createJobTool } from './create-job';
import { getJobTool } from './get-job';
import { listLocationsTool } from './list-locations';
import { listOrganizationsTool } from './list-organizations';
import { searchJobsTool } from './search-jobs';

/** Every tool of the server, in the order tools/list shows them: finding, reading, acting. */
export const TOOLS: readonly ToolDefinition[] = [
  searchJobsTool,
  browseJobsTool,
  getJobTool,
  listOrganizationsTool,
  listLocationsTool,
  applyToJobTool,
  createJobTool,
];
