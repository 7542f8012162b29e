/**
 * The sentence vectors of a batch from the model's token vectors ([rows, tokens, dims], flat):
 * each row's first token ([CLS]), scaled to length 1, so that a dot product is the cosine.
 */
export function clsPooled(hidden: Float32Array, rows: number, tokens: number, dims: number): Float32Array[] {
  const vectors: Float32Array[] = [];
  for (let row = 0; row < rows; row++) {
    const start = row * tokens * dims;
    vectors.push(unitLength(hidden.slice(start, start + dims)));
  }
  return vectors;
}

/** The vector scaled to length 1, in place; a zero vector stays zero. */
export function unitLength(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] /= norm;
  return vector;
}
