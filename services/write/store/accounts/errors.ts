/** Why an account operation was refused; the CLI turns each kind into its documented exit code. */
export type AccountErrorKind = 'invalid' | 'not_found' | 'conflict';

/** A refusal of an account operation that the operator can act on (never a bug or an outage). */
export class AccountError extends Error {
  readonly kind: AccountErrorKind;
  readonly hint?: string;

  constructor(kind: AccountErrorKind, message: string, hint?: string) {
    super(message);
    this.name = 'AccountError';
    this.kind = kind;
    this.hint = hint;
  }
}
