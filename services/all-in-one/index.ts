/** The all-in-one process's public face: the whole API as one app, and its OpenAPI document. */
export { createAllInOneApp, type AllInOneDeps } from './app';
export { wholeApiDocument } from './openapi-document';
