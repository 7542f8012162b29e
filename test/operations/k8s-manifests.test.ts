import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { ConfigMap, Namespace, Service } from 'kubernetes-models/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { parseAllDocuments } from 'yaml';

const DIR = path.resolve(__dirname, '../../deploy/k8s');

/**
 * A subtree of the rendered YAML, read by path (spec.template.spec.containers[0]...) across every
 * kind, the ECK custom resource included, which has no types; the chai assertions on it are the
 * check, as with an HTTP answer's res.body (why the no-unsafe-* rules are off in tests).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped YAML read by path, see above
type YamlTree = any;

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec?: YamlTree;
  data?: Record<string, string>;
  file: string;
}

/** The Kubernetes models that validate each built-in kind against its OpenAPI schema. */
const MODELS: Record<string, new (data: Omit<Manifest, 'file'>) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Service': Service,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
};

/** The manifests as kustomize renders them (namespace, image tags and all), which is what a cluster gets. */
function rendered(): Manifest[] {
  const render = spawnSync('kubectl', ['kustomize', DIR], { encoding: 'utf8' });
  if (render.error) throw new Error(`kubectl is needed to render deploy/k8s (scripts/test-setup.sh installs it): ${render.error.message}`);
  if (render.status !== 0) throw new Error(`kubectl kustomize deploy/k8s failed:\n${render.stderr}`);
  return parseAllDocuments(render.stdout).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`rendered output: ${doc.errors[0].message}`);
    const object = doc.toJS() as Manifest;
    return { ...object, file: `${object.kind}/${object.metadata.name}` };
  });
}

/** The files as written, for what kustomize itself does not check (which files it lists). */
async function sourceFiles(): Promise<string[]> {
  const files = (await readdir(DIR)).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
  for (const file of files) {
    for (const doc of parseAllDocuments(await readFile(path.join(DIR, file), 'utf8'))) {
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0].message}`);
    }
  }
  return files;
}

/** Every image a rendered object runs: its pods' containers, and the ECK resource's own image. */
function imagesOf(manifest: Manifest): string[] {
  const pod = manifest.kind === 'Job' || manifest.kind === 'Deployment' ? manifest.spec.template.spec : undefined;
  const containers = [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])] as { image: string }[];
  const images = containers.map((c) => c.image);
  if (manifest.kind === 'Elasticsearch') images.push(manifest.spec.image);
  return images;
}

/**
 * deploy/k8s, checked without a cluster: rendered by kustomize (`kubectl kustomize`, what `kubectl
 * apply -k` applies), then every built-in object validated against the Kubernetes OpenAPI schema
 * with kubernetes-models (kubeconform does not install here: no npm or Debian package), and the
 * ECK resource (a custom resource, no schema package) structurally.
 */
describe('Kubernetes manifests (deploy/k8s)', () => {
  let all: Manifest[];
  const find = (kind: string, name: string) => {
    const found = all.find((m) => m.kind === kind && m.metadata.name === name);
    if (!found) throw new Error(`no ${kind} ${name}`);
    return found;
  };

  before(() => {
    all = rendered();
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
    const kustomization = parseAllDocuments(await readFile(path.join(DIR, 'kustomization.yaml'), 'utf8'))[0].toJS() as {
      resources: string[];
    };
    expect([...kustomization.resources].sort()).to.deep.equal((await sourceFiles()).sort());
  });

  it('read, write and indexer Deployments: ready on /readyz, the compiled entry points, an image built here', () => {
    const entry = {
      read: 'dist/services/read/server.js',
      write: 'dist/services/write/server.js',
      indexer: 'dist/services/write/server.js',
    };
    for (const [name, file] of Object.entries(entry)) {
      const container = find('Deployment', name).spec.template.spec.containers[0];
      expect(container.readinessProbe.httpGet.path, name).to.equal('/readyz');
      expect(container.livenessProbe.httpGet.path, name).to.equal('/healthz');
      expect(container.command, name).to.deep.equal(['node', '--enable-source-maps', file]);
      expect(container.image, name).to.match(/^jla-api:/);
    }
    const env = (name: string) =>
      Object.fromEntries(
        find('Deployment', name).spec.template.spec.containers[0].env.map((e: { name: string; value?: string }) => [e.name, e.value]),
      );
    expect(env('write').RUN_INDEXER).to.equal('false');
    expect(env('indexer').RUN_INDEXER).to.equal('true');
    expect(
      all.some((m) => m.kind === 'Service' && m.metadata.name === 'indexer'),
      'no traffic reaches the indexer',
    ).to.equal(false);
  });

  it('the embedding worker: its compiled entry point, the image built here, no Service and no port', () => {
    const container = find('Deployment', 'embedder').spec.template.spec.containers[0];
    expect(container.command).to.deep.equal(['node', '--enable-source-maps', 'dist/services/embedder/main.js']);
    expect(container.image).to.match(/^jla-api:/);
    expect(container.ports, 'it serves nothing').to.equal(undefined);
    expect(container.resources.limits.memory, 'room for the model').to.be.a('string');
    expect(all.some((m) => m.kind === 'Service' && m.metadata.name === 'embedder')).to.equal(false);
  });

  it('the read tier scales on its own (HPA) and every Deployment has a PodDisruptionBudget matching its pods', () => {
    const hpa = find('HorizontalPodAutoscaler', 'read');
    expect(hpa.spec.scaleTargetRef).to.include({ kind: 'Deployment', name: 'read' });
    expect(hpa.spec.minReplicas).to.be.at.least(2);
    for (const name of ['read', 'write', 'indexer', 'embedder']) {
      const pdb = find('PodDisruptionBudget', name);
      const labels = find('Deployment', name).spec.template.metadata.labels;
      for (const [key, value] of Object.entries(pdb.spec.selector.matchLabels))
        expect(labels[key], `${name} PDB selects its pods`).to.equal(value);
    }
    for (const name of ['read', 'write']) {
      const service = find('Service', name);
      const labels = find('Deployment', name).spec.template.metadata.labels;
      for (const [key, value] of Object.entries(service.spec.selector))
        expect(labels[key], `${name} Service selects its pods`).to.equal(value);
    }
  });

  it('every image is pinned to a tag, the ECK Elasticsearch included, and its tag is the version ECK runs', () => {
    const images = all.flatMap((m) => imagesOf(m).map((image) => ({ where: m.file, image })));
    expect(images.length).to.be.greaterThan(4);
    for (const { where, image } of images) {
      expect(image, `${where} runs an image without a tag`).to.match(/:[\w][\w.-]*$/);
      expect(image, `${where} runs a moving tag`).not.to.match(/:latest$/);
    }
    const es = find('Elasticsearch', 'jla-es');
    expect(es.spec.image).to.equal(`jla-elasticsearch:${es.spec.version}`);
  });

  it('the Ingress routes /agents, /docs, /openapi.json and /mcp to Services that exist, on ports they have', () => {
    const ingress = find('Ingress', 'api');
    const paths = (
      ingress.spec.rules as {
        http: {
          paths: { path: string; pathType: string; backend: { service: { name: string; port: { name?: string; number?: number } } } }[];
        };
      }[]
    ).flatMap((r) => r.http.paths);
    /** The backend the Ingress picks for a request path: the longest match, Exact before Prefix. */
    const route = (requestPath: string) =>
      paths
        .filter((p) =>
          p.pathType === 'Exact'
            ? p.path === requestPath
            : requestPath === p.path || requestPath.startsWith(`${p.path.replace(/\/$/, '')}/`),
        )
        .sort((a, b) => b.path.length - a.path.length || (a.pathType === 'Exact' ? -1 : 1))[0]?.backend.service;
    const expected: Record<string, string> = {
      '/agents/jobs/search': 'read',
      '/agents/jobs': 'all-in-one',
      '/agents/jobs/6b1d5c1e-0000-4000-8000-000000000000/apply': 'all-in-one',
      '/agents/applications': 'write',
      '/agents/recruiter/jobs': 'write',
      '/docs': 'all-in-one',
      '/openapi.json': 'all-in-one',
      '/mcp': 'all-in-one',
    };
    for (const [requestPath, service] of Object.entries(expected)) expect(route(requestPath)?.name, requestPath).to.equal(service);
    expect(route('/metrics'), '/metrics stays inside the cluster').to.equal(undefined);
    for (const backend of paths.map((p) => p.backend.service)) {
      const service = find('Service', backend.name);
      const ports = service.spec.ports as { name?: string; port: number }[];
      expect(
        ports.some((p) => (backend.port.name ? p.name === backend.port.name : p.port === backend.port.number)),
        `${backend.name} has port ${JSON.stringify(backend.port)}`,
      ).to.equal(true);
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
    const nodeSets = es.spec.nodeSets as { count: number; config: Record<string, unknown>; podTemplate: YamlTree }[];
    expect(nodeSets.reduce((n, set) => n + set.count, 0)).to.equal(3);
    for (const set of nodeSets) {
      expect(set.config['node.roles']).to.include.members(['master', 'data']);
      expect(set.podTemplate.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey).to.equal(
        'kubernetes.io/hostname',
      );
    }
    const config = find('ConfigMap', 'jla-config').data!;
    expect(config.ES_REPLICAS).to.equal('1');
    expect(config.ES_HOST).to.match(/^jla-es-es-http\./);
  });
});
