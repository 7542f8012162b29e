import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../../shared/runtime/project-root';

/** Where the edge sends each kind of request, as host:port addresses. */
export interface EdgeTargets {
  /** The read instances (one `server` line each). */
  read: string[];
  write: string;
  docs: string;
  /** The address nginx listens on, e.g. 127.0.0.1:3000. */
  listen: string;
}

/** docker-compose's edge configuration, the one source of every local one. */
export const EDGE_CONFIG = path.join(projectRoot(), 'deploy/nginx.conf');

/**
 * deploy/nginx.conf with its upstream servers and listen address pointed at local processes:
 * every other line (passive health checks, retries of reads, keep-alive, routing, headers) stays
 * as docker-compose runs it. Throws when the file no longer has the lines it rewrites, so the
 * two cannot drift apart silently.
 */
export function localEdgeConfig(template: string, targets: EdgeTargets): string {
  const rewrite = (text: string, pattern: RegExp, replacement: (indent: string, rest: string) => string) => {
    if (!pattern.test(text)) throw new Error(`deploy/nginx.conf has no line matching ${pattern}`);
    return text.replace(pattern, (_line, indent: string, rest: string) => replacement(indent, rest));
  };
  let conf = rewrite(template, /^( *)server read:\d+(.*);$/m, (indent, rest) =>
    targets.read.map((address) => `${indent}server ${address}${rest};`).join('\n'),
  );
  conf = rewrite(conf, /^( *)server write:\d+(.*);$/m, (indent, rest) => `${indent}server ${targets.write}${rest};`);
  conf = rewrite(conf, /^( *)server docs:\d+(.*);$/m, (indent, rest) => `${indent}server ${targets.docs}${rest};`);
  return rewrite(conf, /^( *)listen 80();$/m, (indent) => `${indent}listen ${targets.listen};`);
}

/** The local edge configuration for `targets`, from deploy/nginx.conf. */
export async function readLocalEdgeConfig(targets: EdgeTargets): Promise<string> {
  return localEdgeConfig(await readFile(EDGE_CONFIG, 'utf8'), targets);
}
