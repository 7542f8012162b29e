import type { ToolDefinition } from '../tool';
import { applyToJobTool } from './apply-to-job';
import { browseJobsTool } from './browse-jobs';
import { createJobTool } from './create-job';
import { getJobTool } from './get-job';
import { listLocationsTool } from './list-locations';
import { listOrganizationsTool } from './list-organizations';
import { searchJobsTool } from './search-jobs';
import { similarJobsTool } from './similar-jobs';
import { updateJobTool } from './update-job';
import { closeJobTool } from './close-job';
import { listMyApplicationsTool } from './list-my-applications';
import { withdrawApplicationTool } from './withdraw-application';
import { saveSearchTool } from './save-search';
import { listSavedSearchesTool } from './list-saved-searches';
import { getNewMatchesTool } from './get-new-matches';
import { deleteSavedSearchTool } from './delete-saved-search';

/** Every tool of the server, in the order tools/list shows them: finding, reading, acting. */
export const TOOLS: readonly ToolDefinition[] = [
  searchJobsTool,
  browseJobsTool,
  getJobTool,
  similarJobsTool,
  listOrganizationsTool,
  listLocationsTool,
  applyToJobTool,
  listMyApplicationsTool,
  withdrawApplicationTool,
  saveSearchTool,
  listSavedSearchesTool,
  getNewMatchesTool,
  deleteSavedSearchTool,
  createJobTool,
  updateJobTool,
  closeJobTool,
];
