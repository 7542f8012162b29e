/**
 * `npm run client:generate`: writes the API's OpenAPI document (clients/openapi.json) from the
 * services' routes, then the typed client's types from that document. The client package reads
 * only the document, so services and client never import each other.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DOCUMENT_PATH, TYPES_PATH, typesFor } from '../clients/typescript/generate';
import { wholeApiDocument } from '../services/all-in-one';
import { projectRoot } from '../shared/runtime/project-root';

/** A file this generator writes: where, and what it holds. */
export interface GeneratedFile {
  path: string;
  text: string;
}

/** The checked-in generated files, from the document the code describes now. */
export async function generateClientFiles(): Promise<GeneratedFile[]> {
  const json = `${JSON.stringify(await wholeApiDocument(), null, 2)}\n`;
  return [
    { path: DOCUMENT_PATH, text: json },
    { path: TYPES_PATH, text: await typesFor(json) },
  ];
}

/** The generated files whose checked-in text differs from what the document gives now. */
export async function driftedFiles(): Promise<string[]> {
  const drifted: string[] = [];
  for (const file of await generateClientFiles()) {
    const current = await readFile(file.path, 'utf8').catch(() => '');
    if (current !== file.text) drifted.push(path.relative(projectRoot(), file.path));
  }
  return drifted;
}

if (require.main === module) {
  generateClientFiles()
    .then(async (files) => {
      for (const file of files) await writeFile(file.path, file.text);
      console.log(`wrote ${files.map((f) => path.relative(process.cwd(), f.path)).join(', ')}`);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
