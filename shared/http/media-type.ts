import { is as typeIs } from 'type-is';

/** application/json and every application/*+json (merge-patch+json for PATCH, vnd.*+json, ...). */
const JSON_TYPES = ['application/json', 'application/*+json'];

/**
 * True when a Content-Type names a JSON body: application/json or application/*+json, whatever
 * the case and parameters (type-is parses and validates the media type, RFC 6838 names).
 */
export function isJsonMediaType(contentType: string): boolean {
  return typeIs(contentType, JSON_TYPES) !== false;
}
