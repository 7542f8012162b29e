import { Tensor } from 'onnxruntime-node';

/** The three inputs of a BERT model in ONNX, for one batch. */
export interface BertFeeds {
  input_ids: Tensor;
  attention_mask: Tensor;
  token_type_ids: Tensor;
}

/**
 * A batch of token id sequences as the model's inputs: padded with 0 ([PAD]) to the longest, the
 * attention mask 1 on real tokens only, so padding changes no token's vector; one segment (type 0).
 */
export function bertFeeds(sequences: readonly (readonly number[])[]): BertFeeds {
  const rows = sequences.length;
  const width = Math.max(...sequences.map((ids) => ids.length));
  const ids = new BigInt64Array(rows * width);
  const mask = new BigInt64Array(rows * width);
  sequences.forEach((sequence, row) => {
    sequence.forEach((id, column) => {
      ids[row * width + column] = BigInt(id);
      mask[row * width + column] = 1n;
    });
  });
  const dims = [rows, width];
  return {
    input_ids: new Tensor('int64', ids, dims),
    attention_mask: new Tensor('int64', mask, dims),
    token_type_ids: new Tensor('int64', new BigInt64Array(rows * width), dims),
  };
}
