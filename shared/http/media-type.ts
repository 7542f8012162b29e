/**
 * application/json and every application/*+json (merge-patch+json for PATCH, vnd.*+json, ...),
 * by the RFC 6838 characters of a subtype name; parameters such as charset are ignored.
 */
const JSON_MEDIA_TYPE = /^application\/(?:[a-z0-9!#$&^_.+-]+\+)?json$/;

/** True when a Content-Type names a JSON body: application/json or application/*+json. */
export function isJsonMediaType(contentType: string): boolean {
  return JSON_MEDIA_TYPE.test(contentType.split(';')[0].trim().toLowerCase());
}
