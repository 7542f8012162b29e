import { createHash } from 'node:crypto';
import { API_VERSION } from './document-types';
import { DOCS_ASSETS } from './docs-assets';
import { DOCS_EXAMPLES, examplesSetup } from './docs-examples';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML (the base URL comes from the request's Host header). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

const STYLE = `
  body { margin: 0; font-family: sans-serif; color: #3b4151; }
  .intro { max-width: 1420px; margin: 0 auto; padding: 24px 20px 0; }
  .intro h1 { font-size: 32px; margin: 0 0 8px; }
  .intro h1 small { font-size: 14px; background: #7d8492; color: #fff; border-radius: 57px; padding: 2px 8px; vertical-align: middle; }
  .intro pre { background: #333; color: #fff; padding: 10px 12px; border-radius: 4px; font-size: 13px; white-space: pre-wrap; overflow-wrap: anywhere; }
  /* The page's own heading above already names the API and its version. */
  .swagger-ui .information-container .info hgroup.main { display: none; }
  .intro ol > li { margin-bottom: 12px; }
  .intro h3 { margin: 0 0 4px; font-size: 16px; }
  .intro p { margin: 4px 0; }
`;

/**
 * What the docs page may load: its scripts and stylesheet from this server only (no CDN, no inline
 * script), its one inline <style> by hash, Swagger UI's icons as data: images, and requests
 * ("Try it out", /openapi.json) to this server only. No page may frame it.
 */
export const DOCS_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'self' 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The human docs page: a short getting-started section with curl commands, then the reference
 * that Swagger UI renders from /openapi.json. Every file it loads is served by this process.
 */
export function renderDocsPage(baseUrl: string): string {
  const base = escapeHtml(baseUrl);
  const steps = DOCS_EXAMPLES.map(
    (e) =>
      `<li><h3>${escapeHtml(e.title)}</h3><p>${escapeHtml(e.explain)}</p><pre class="example"><code>${escapeHtml(e.command)}</code></pre></li>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Job Listing Agent API ${API_VERSION} — docs</title>
<link rel="stylesheet" href="${DOCS_ASSETS.stylesheet.path}">
<style>${STYLE}</style>
</head>
<body>
<section class="intro" id="getting-started">
<h1>Job Listing Agent API <small>${API_VERSION}</small></h1>
<p>A REST/JSON API through which automated agents browse, search, read and apply to job postings, and recruiters create them.
Reading is public; applying and creating need an API key in the <code>x-api-key</code> header.
The machine-readable description is <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>
<h2>Getting started</h2>
<p>Set the base URL and the demo keys (a seeded database has a recruiter and an applicant with a resume; the seed prints their keys):</p>
<pre><code>${escapeHtml(examplesSetup(baseUrl))}</code></pre>
<ol>
${steps}
</ol>
<p>Every error is a JSON object <code>{"code", "message", "hint"}</code> with the status of its code, and every response carries an
<code>x-request-id</code> header. The reference below lists each operation's parameters, responses and error codes. Base URL: <code>${base}</code>.</p>
<h2>Reference</h2>
</section>
<div id="reference"></div>
<script src="${DOCS_ASSETS.bundle.path}"></script>
<script src="${DOCS_ASSETS.init.path}"></script>
</body>
</html>
`;
}
