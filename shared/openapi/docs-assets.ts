import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Where swagger-ui-dist keeps its browser bundle (resolved through node_modules, never a CDN). */
function swaggerUiDir(): string {
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

/** A static file of the docs page: its URL path, media type and contents (read once, on first use). */
export interface DocsAsset {
  path: string;
  mediaType: string;
  load: () => Buffer;
}

function fromSwaggerUi(file: string): () => Buffer {
  let contents: Buffer | undefined;
  return () => (contents ??= readFileSync(path.join(swaggerUiDir(), file)));
}

/** The script that starts Swagger UI on the page, pointed at this server's document. */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    // The page must work with no internet: no call to the public validator service.
    validatorUrl: null
  });
});
`;

/** The files the docs page loads, all served by this process. */
export const DOCS_ASSETS = {
  stylesheet: { path: '/docs/swagger-ui.css', mediaType: 'text/css', load: fromSwaggerUi('swagger-ui.css') },
  bundle: { path: '/docs/swagger-ui-bundle.js', mediaType: 'text/javascript', load: fromSwaggerUi('swagger-ui-bundle.js') },
  init: { path: '/docs/docs-init.js', mediaType: 'text/javascript', load: () => Buffer.from(INIT_SCRIPT) },
} satisfies Record<string, DocsAsset>;
