import { ApiError } from '../errors';

/** Why a text cannot be embedded. */
export type EmbeddingInputReason = 'empty' | 'too_long';

/**
 * A text the model cannot embed: nothing left after tokenising (blank, or only characters its
 * vocabulary lacks), or a query longer than it reads. A 400 `invalid_request`, as the error
 * boundary answers any ApiError; `reason` and `index` (the text's place in the list given) say
 * which and where.
 */
export class EmbeddingInputError extends ApiError {
  readonly reason: EmbeddingInputReason;
  readonly index: number;
  readonly field: string;

  constructor(reason: EmbeddingInputReason, index: number, message: string, hint: string, field: string) {
    super('invalid_request', message, { hint, details: [{ field, message: reason === 'empty' ? 'has no words' : 'is too long' }] });
    this.name = 'EmbeddingInputError';
    this.reason = reason;
    this.index = index;
    this.field = field;
  }

  /** The same error for the text at another place (a caller that embeds a part of its list). */
  at(index: number): EmbeddingInputError {
    return new EmbeddingInputError(this.reason, index, this.message, this.hint ?? '', this.field);
  }
}

/** Factories with the usual messages; `field` names the parameter the text came from. */
export const embeddingErrors = {
  empty: (index: number, field = 'q') =>
    new EmbeddingInputError(
      'empty',
      index,
      'The text has nothing the embedding model can read: it is blank, or only characters the model does not know (such as emoji).',
      'Send some words: letters or digits.',
      field,
    ),
  queryTooLong: (index: number, tokens: number, limit: number, field = 'q') =>
    new EmbeddingInputError(
      'too_long',
      index,
      `The query is ${tokens} tokens long; the embedding model reads queries of at most ${limit} tokens (about ${limit * 4} characters of English).`,
      'Shorten the query to its key words.',
      field,
    ),
};
