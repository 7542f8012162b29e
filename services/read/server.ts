import { loadConfig, type Config } from '../../shared/config';
import { createLogger } from '../../shared/logger';
import { describeStartError, serve } from '../../shared/runtime/serve';
import { exitOnUnhandledFaults } from '../../shared/runtime/shutdown';
import { createSearchClient } from '../../shared/search/client';
import { createReadApp } from './app';
import { loadQueryEmbedder } from './query-embedder';

/**
 * Runs the read service alone on READ_PORT (ops scale it by running more of these). The embedding
 * model is loaded first: without its files the service does not start.
 */
export async function startReadService(config: Config = loadConfig()) {
  const logger = createLogger(config.logLevel, 'read');
  const model = await loadQueryEmbedder(config);
  const search = createSearchClient(config);
  const { app } = createReadApp({ config, search, logger, embedder: model.embedder });
  const close = async () => {
    await search.close();
    await model.close();
  };
  const served = await serve(app.callback(), config.readPort, logger, close, config);
  exitOnUnhandledFaults(logger, served.close, 10_000);
  logger.info({ url: served.url }, 'read service listening');
  return served;
}

if (require.main === module) {
  startReadService().catch((err) => {
    console.error(`read service failed to start: ${describeStartError(err)}`);
    process.exit(1);
  });
}
