import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** What openapi-fetch answers: data on success, the error object otherwise, and the response. */
export interface ApiAnswer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The API's error object, or one made up for an answer that carried none. */
function errorBody(answer: ApiAnswer<unknown>): { code: string; message: string; hint?: string; details?: unknown } {
  const error = answer.error as { code?: unknown; message?: unknown } | undefined;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') return error as { code: string; message: string };
  return {
    code: 'unavailable',
    message: `The API answered ${answer.response.status} without an error object.`,
    hint: 'Retry in a few seconds.',
  };
}

/**
 * The tool result of an API answer: on success the data as structuredContent with a short text
 * (what the model reads first); on failure `isError` with the API's code, message and hint as
 * JSON text, so the model can correct its call.
 */
export function toolResult<T>(answer: ApiAnswer<T>, summary: (data: T) => string): CallToolResult {
  if (answer.data !== undefined && answer.response.ok) {
    return { structuredContent: answer.data as Record<string, unknown>, content: [{ type: 'text', text: summary(answer.data) }] };
  }
  return toolError(errorBody(answer));
}

/** A failed call as the model sees it: isError, and the error object (code, message, hint) as text. */
export function toolError(error: { code: string; message: string; hint?: string; details?: unknown }): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(error) }] };
}

/** The first line of a paged list's text, said the same way by every list tool. */
export function pageLine(
  shown: number,
  noun: string,
  pagination: { total_items: number; current_page: number; total_pages: number },
): string {
  return `${shown} of ${pagination.total_items} ${noun}, page ${pagination.current_page} of ${pagination.total_pages}`;
}
