import { Type } from '@sinclair/typebox';
import { defineRoute, type AnyRoute } from '../http/route';
import { buildOpenApiDocument, type DocumentInfo } from './build-document';
import { DOCS_ASSETS, type DocsAsset } from './docs-assets';
import { DOCS_PAGE_CSP, renderDocsPage } from './docs-page';
import { API_VERSION, type OpenApiDocument } from './document-types';

/** The shape of GET /openapi.json, loosely: the document's own schema is the OpenAPI 3.1 standard. */
const OpenApiDocumentSchema = Type.Object(
  {
    openapi: Type.String({ description: 'OpenAPI version, 3.1.x' }),
    info: Type.Object(
      { title: Type.String(), version: Type.String(), description: Type.Optional(Type.String()) },
      { additionalProperties: true },
    ),
    paths: Type.Record(Type.String(), Type.Object({}, { additionalProperties: true })),
  },
  { $id: 'OpenApiDocument', additionalProperties: true, description: 'An OpenAPI 3.1 document' },
);

/** GET /openapi.json: the document of the routes this server answers. */
export function openApiRoute(document: () => OpenApiDocument): AnyRoute {
  // The document never changes while the process runs: serialized once.
  let serialized: string | undefined;
  return defineRoute({
    operationId: 'getOpenApiDocument',
    method: 'GET',
    path: '/openapi.json',
    summary: 'This OpenAPI 3.1 document',
    description:
      'The machine-readable description of every operation this server answers, generated from the definitions it validates with.',
    tags: ['Documentation'],
    responses: {
      200: {
        description: 'The OpenAPI document',
        schema: OpenApiDocumentSchema,
        example: { openapi: '3.1.0', info: { title: 'Job Listing Agent API', version: API_VERSION }, paths: {} },
      },
    },
    errors: [],
    handle: (ctx) => {
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = serialized ??= JSON.stringify(document());
      return Promise.resolve();
    },
  });
}

/**
 * The operations list, followed by GET /openapi.json serving their document. The document is
 * built on first request from the final list, so it lists itself too; `alsoServed` adds the
 * routes that other apps behind the same base URL answer.
 */
export function withOpenApi(routes: readonly AnyRoute[], info: DocumentInfo, alsoServed: readonly AnyRoute[] = []): AnyRoute[] {
  let document: OpenApiDocument | undefined;
  const all = [...routes];
  all.push(openApiRoute(() => (document ??= buildOpenApiDocument([...all, ...alsoServed], info))));
  return all;
}

function assetRoute(operationId: string, summary: string, asset: DocsAsset): AnyRoute {
  return defineRoute({
    operationId,
    method: 'GET',
    path: asset.path,
    summary,
    tags: ['Documentation'],
    responses: {
      200: {
        description: `The file (${asset.mediaType}), from the swagger-ui-dist package`,
        schema: Type.String({ contentMediaType: asset.mediaType }),
        example: asset.mediaType === 'text/css' ? '.swagger-ui{...}' : 'window.addEventListener(...)',
      },
    },
    errors: [],
    handle: (ctx) => {
      ctx.type = `${asset.mediaType}; charset=utf-8`;
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = asset.load();
      return Promise.resolve();
    },
  });
}

/** GET /docs (the human docs page) and the files it loads, all served locally: it works offline. */
export function docsRoutes(): AnyRoute[] {
  return [
    defineRoute({
      operationId: 'getDocsPage',
      method: 'GET',
      path: '/docs',
      summary: 'Human docs page',
      description: 'Getting started with curl, then the reference rendered by Swagger UI from /openapi.json.',
      tags: ['Documentation'],
      responses: {
        200: {
          description: 'The docs page',
          schema: Type.String({ contentMediaType: 'text/html' }),
          example: '<!doctype html><html lang="en">...</html>',
        },
      },
      errors: [],
      handle: async (ctx) => {
        ctx.type = 'text/html; charset=utf-8';
        ctx.set('Content-Security-Policy', DOCS_PAGE_CSP);
        // The base URL as this client reached it (behind a proxy: X-Forwarded-Host/Proto, as app.proxy is set).
        ctx.body = renderDocsPage(ctx.host ? `${ctx.protocol}://${ctx.host}` : '<base_url>');
        return Promise.resolve();
      },
    }),
    assetRoute('getDocsStylesheet', 'Stylesheet of the docs page', DOCS_ASSETS.stylesheet),
    assetRoute('getDocsBundle', 'Swagger UI script of the docs page', DOCS_ASSETS.bundle),
    assetRoute('getDocsInit', 'Script that starts Swagger UI on the docs page', DOCS_ASSETS.init),
  ];
}
