import { expect } from 'chai';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { ConfigMap, Namespace, Service } from 'kubernetes-models/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { parseAllDocuments } from 'yaml';

const DIR = path.resolve(__dirname, '../../deploy/k8s');

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
  file: string;
}

/** The Kubernetes models that validate each built-in kind against its OpenAPI schema. */
const MODELS: Record<string, new (data: any) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Service': Service,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

async function manifests(): Promise<Manifest[]> {
  const files = (await readdir(DIR)).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
  const all: Manifest[] = [];
  for (const file of files) {
    for (const doc of parseAllDocuments(await readFile(path.join(DIR, file), 'utf8'))) {
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0].message}`);
      all.push({ ...(doc.toJS() as Manifest), file });
    }
  }
  return all;
}

/**
 * deploy/k8s, checked without a cluster: kubeconform does not install here (no npm or Debian
 * package), so every built-in object is validated against the Kubernetes OpenAPI schema with
 * kubernetes-models, and the ECK resource (a custom resource, no schema package) structurally.
 */
describe('Kubernetes manifests (deploy/k8s)', () => {
  let all: Manifest[];
  const find = (kind: string, name: string) => {
    const found = all.find((m) => m.kind === kind && m.metadata.name === name);
    if (!found) throw new Error(`no ${kind} ${name}`);
    return found;
  };

  before(async () => {
    all = await manifests();
  });

  it('every built-in object is valid against the Kubernetes schema', () => {
    for (const manifest of all.filter((m) => !m.apiVersion.includes('k8s.elastic.co'))) {
      const Model = MODELS[`${manifest.apiVersion}/${manifest.kind}`];
      expect(Model, `${manifest.file}: ${manifest.apiVersion} ${manifest.kind} is not a kind this test knows`).to.be.a('function');
      const { file, ...object } = manifest;
      expect(() => new Model(object).validate(), `${file}: ${manifest.kind} ${manifest.metadata.name}`).not.to.throw();
    }
  });

  it('kustomization lists every manifest file', async () => {
    const kustomization = parseAllDocuments(await readFile(path.join(DIR, 'kustomization.yaml'), 'utf8'))[0].toJS() as { resources: string[] };
    const files = [...new Set(all.map((m) => m.file))].sort();
    expect([...kustomization.resources].sort()).to.deep.equal(files);
  });

  it('read, write and indexer Deployments: ready on /readyz, the compiled entry points, an image built here', () => {
    const entry = { read: 'dist/services/read/server.js', write: 'dist/services/write/server.js', indexer: 'dist/services/write/server.js' };
    for (const [name, file] of Object.entries(entry)) {
      const container = find('Deployment', name).spec.template.spec.containers[0];
      expect(container.readinessProbe.httpGet.path, name).to.equal('/readyz');
      expect(container.livenessProbe.httpGet.path, name).to.equal('/healthz');
      expect(container.command, name).to.deep.equal(['node', '--enable-source-maps', file]);
      expect(container.image, name).to.equal('jla-api');
    }
    const env = (name: string) => Object.fromEntries(find('Deployment', name).spec.template.spec.containers[0].env.map((e: { name: string; value?: string }) => [e.name, e.value]));
    expect(env('write').RUN_INDEXER).to.equal('false');
    expect(env('indexer').RUN_INDEXER).to.equal('true');
    expect(all.some((m) => m.kind === 'Service' && m.metadata.name === 'indexer'), 'no traffic reaches the indexer').to.equal(false);
  });

  it('the read tier scales on its own (HPA) and every Deployment has a PodDisruptionBudget matching its pods', () => {
    const hpa = find('HorizontalPodAutoscaler', 'read');
    expect(hpa.spec.scaleTargetRef).to.include({ kind: 'Deployment', name: 'read' });
    expect(hpa.spec.minReplicas).to.be.at.least(2);
    for (const name of ['read', 'write', 'indexer']) {
      const pdb = find('PodDisruptionBudget', name);
      const labels = find('Deployment', name).spec.template.metadata.labels;
      for (const [key, value] of Object.entries(pdb.spec.selector.matchLabels)) expect(labels[key], `${name} PDB selects its pods`).to.equal(value);
    }
    for (const name of ['read', 'write']) {
      const service = find('Service', name);
      const labels = find('Deployment', name).spec.template.metadata.labels;
      for (const [key, value] of Object.entries(service.spec.selector)) expect(labels[key], `${name} Service selects its pods`).to.equal(value);
    }
  });

  it('a migration Job runs the one-shot preparation', () => {
    const job = find('Job', 'migrate');
    expect(job.spec.template.spec.containers[0].command).to.deep.equal(['node', '--enable-source-maps', 'dist/scripts/prepare.js']);
    expect(job.spec.template.spec.restartPolicy).to.equal('OnFailure');
  });

  it('Elasticsearch through ECK: three nodes, each a master and a data node, one per Kubernetes node; the index with one replica', () => {
    const es = find('Elasticsearch', 'jla-es');
    expect(es.apiVersion).to.equal('elasticsearch.k8s.elastic.co/v1');
    expect(es.spec.version).to.match(/^9\.\d+\.\d+$/);
    const nodeSets = es.spec.nodeSets as { count: number; config: Record<string, unknown>; podTemplate: any }[];
    expect(nodeSets.reduce((n, set) => n + set.count, 0)).to.equal(3);
    for (const set of nodeSets) {
      expect(set.config['node.roles']).to.include.members(['master', 'data']);
      expect(set.podTemplate.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey).to.equal('kubernetes.io/hostname');
    }
    const config = find('ConfigMap', 'jla-config').data!;
    expect(config.ES_REPLICAS).to.equal('1');
    expect(config.ES_HOST).to.match(/^jla-es-es-http\./);
  });
});
