import { Type } from '@sinclair/typebox';
import { Uuid } from '../../../shared/schemas/common';

/** The argument of the tools that act on one saved search. */
export const SavedSearchIdArgument = Type.Object(
  { saved_search_id: { ...Uuid, description: 'the id save_search or list_saved_searches gave' } },
  { additionalProperties: false },
);

/** How a saved search is named in a line of text: its name, else its query. */
export const savedSearchLabel = (search: { name?: string; params: { q: string } }) => search.name ?? `"${search.params.q}"`;
