import { readFile } from 'node:fs/promises';
// The package declares ES module types only (it ships a CommonJS build too): the compiled
// CommonJS build loads it with import() below.
import type { Tokenizer } from '@huggingface/tokenizers' with { 'resolution-mode': 'import' };

/**
 * Characters read of a text at most: tokenising a megabyte to keep its first 512 tokens would
 * waste the CPU. 32 characters a token is far above any ordinary text's 4 to 6, so the cut never
 * costs a token the model would have read.
 */
const CHARS_PER_TOKEN = 32;

/** The model's WordPiece tokenizer (tokenizer.json), giving the ids the model reads. */
export class Tokens {
  private constructor(
    private readonly tokenizer: Tokenizer,
    private readonly cls: number,
    private readonly sep: number,
    private readonly unknown: number,
  ) {}

  /** Loads tokenizer.json; throws when it lacks the special tokens a BERT model needs. */
  static async load(file: string): Promise<Tokens> {
    const { Tokenizer } = await import('@huggingface/tokenizers');
    const tokenizer = new Tokenizer(JSON.parse(await readFile(file, 'utf8')) as object, {});
    const [cls, sep, unknown] = ['[CLS]', '[SEP]', '[UNK]'].map((token) => tokenizer.token_to_id(token));
    if (cls === undefined || sep === undefined || unknown === undefined) throw new Error(`${file} has no [CLS], [SEP] or [UNK] token`);
    return new Tokens(tokenizer, cls, sep, unknown);
  }

  /** The ids of a text without [CLS] and [SEP], reading at most the characters `maxTokens` could take. */
  words(text: string, maxTokens: number): number[] {
    const cut = text.length > maxTokens * CHARS_PER_TOKEN ? text.slice(0, maxTokens * CHARS_PER_TOKEN) : text;
    return this.tokenizer.encode(cut, { add_special_tokens: false }).ids;
  }

  /** True when the ids hold something the model can read: not nothing, not only unknown symbols. */
  readable(ids: readonly number[]): boolean {
    return ids.some((id) => id !== this.unknown);
  }

  /** [CLS] parts... [SEP], cut to `maxTokens` in all (the end of the last part goes first). */
  sequence(parts: readonly (readonly number[])[], maxTokens: number): number[] {
    return [this.cls, ...parts.flat().slice(0, maxTokens - 2), this.sep];
  }
}
