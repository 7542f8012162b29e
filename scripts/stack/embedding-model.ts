import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../../shared/config';
import { MODEL_CARD } from '../../shared/embedding';
import { projectRoot } from '../../shared/runtime/project-root';

const run = promisify(execFile);
const SCRIPT = path.join(projectRoot(), 'scripts/embedding-model.sh');

/**
 * The embedding model the API loads at start (issue 30), fetched with scripts/embedding-model.sh
 * (mvn, once per clone) into EMBEDDING_MODEL_DIR when its files are not there yet; nothing is
 * fetched when they are, and nothing is ever downloaded by the API itself.
 */
export async function ensureEmbeddingModel(config: Pick<Config, 'embeddingModelDir'>, log: (msg: string) => void): Promise<void> {
  const dir = config.embeddingModelDir;
  if (existsSync(path.join(dir, MODEL_CARD.modelFile)) && existsSync(path.join(dir, MODEL_CARD.tokenizerFile))) return;
  log(`fetching the embedding model into ${dir} (scripts/embedding-model.sh, once)`);
  await run('bash', [SCRIPT], { env: { ...process.env, EMBEDDING_MODEL_DIR: dir } });
}
