import type { DrillCluster } from './cluster';
import type { PhaseFigures } from './load';

/** What every drill is given: the cluster (started or not), its first service port, the length of its phases. */
export interface DrillContext {
  cluster: DrillCluster;
  /** The drill's services listen on this port and the next few (3310.. by default). */
  port: number;
  /** Seconds of load before the fault and after recovery (default 10). */
  phaseSeconds: number;
  /** Seconds the fault lasts where the drill decides it: a node down, the cluster stopped, sessions cut. */
  faultSeconds?: number;
  log: (msg: string) => void;
}

/** The one JSON object a drill prints: `requests` and `failed` always, the write figures for write drills. */
export interface DrillResult {
  drill: string;
  passed: boolean;
  requests: number;
  failed: number;
  created?: number;
  indexed?: number;
  lost?: number;
  duplicated?: number;
  phases?: Record<string, PhaseFigures>;
  [detail: string]: unknown;
}
