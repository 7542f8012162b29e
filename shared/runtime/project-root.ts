import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The project's root folder (the one holding package.json), found from this file upwards, so
 * that files outside the code (migrations/, scripts/elasticsearch.sh) are found the same from the
 * sources under tsx and from the compiled build in dist/.
 */
export function projectRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${__dirname}`);
  }
}
