import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { wholeApiDocument } from '../../services/all-in-one';
import { ERROR_STATUS } from '../../shared/errors';

const ROOT = path.resolve(__dirname, '../..');

/** One problem of one link, as `file:line: target: what is wrong`. */
interface LinkProblem {
  file: string;
  line: number;
  target: string;
  problem: string;
  /** Anchor problems are reported apart from file problems. */
  anchor: boolean;
}

const describeProblem = (p: LinkProblem) => `${p.file}:${p.line}: ${p.target}: ${p.problem}`;

function git(args: string[]) {
  return spawnSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** Whether this is a git work tree (an exported copy has no .git). */
const IN_GIT = git(['rev-parse', '--is-inside-work-tree']).stdout?.trim() === 'true';

/** Folders a walk without git leaves out: what .gitignore and git itself keep out of a clone. */
const NOT_IN_A_CLONE = new Set(['.git', 'node_modules', 'dist', '.cache', 'test-artifacts']);

function walkMarkdown(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return NOT_IN_A_CLONE.has(entry.name) ? [] : walkMarkdown(full);
    return entry.name.endsWith('.md') ? [path.relative(ROOT, full)] : [];
  });
}

/**
 * The repository's markdown files: those git tracks, and new ones it would track (not ignored),
 * so a page is checked before its first commit. Without git, a walk of the tree.
 */
function markdownFiles(): string[] {
  if (!IN_GIT) return walkMarkdown().sort();
  const listed = git(['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '*.md']);
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const files = listed.stdout.split('\0').filter((f) => f && existsSync(path.join(ROOT, f)));
  return [...new Set(files)].sort();
}

let repositoryPaths: Set<string> | undefined;

/**
 * Every file git tracks or would track (not ignored), and every folder holding one: what a clone
 * has, plus work not yet committed. Undefined without git.
 */
function repositoryFiles(): Set<string> | undefined {
  if (!IN_GIT) return undefined;
  if (repositoryPaths) return repositoryPaths;
  const listed = git(['ls-files', '-z', '--cached', '--others', '--exclude-standard']);
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const paths = new Set<string>();
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    paths.add(file);
    for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) paths.add(dir);
  }
  return (repositoryPaths = paths);
}

/** The text with its characters from `start` to `end` replaced by spaces, line breaks kept, so offsets and line numbers stay. */
function blank(text: string, start: number, end: number): string {
  return text.slice(0, start) + text.slice(start, end).replace(/[^\n]/g, ' ') + text.slice(end);
}

/** Fenced code blocks (``` or ~~~) and HTML comments blanked out: links in them are examples, not links. */
function withoutCodeBlocks(markdown: string): string {
  const lines = markdown.replace(/<!--[\s\S]*?-->/g, (c) => c.replace(/[^\n]/g, ' ')).split('\n');
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(lines[i])?.[1];
    if (fence === undefined && marker) fence = marker;
    else if (fence !== undefined && marker && marker[0] === fence[0] && marker.length >= fence.length && lines[i].trim() === marker) {
      lines[i] = lines[i].replace(/[^\n]/g, ' ');
      fence = undefined;
      continue;
    }
    if (fence !== undefined) lines[i] = lines[i].replace(/[^\n]/g, ' ');
  }
  return lines.join('\n');
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** A relative target found in a markdown file, with the line it is on. */
interface FoundTarget {
  line: number;
  target: string;
}

/** A code span: a run of backticks, text that does not cross a blank line, the same run again. */
const INLINE_CODE = /(?<!`)(`+)((?:(?!\n[ \t]*\n)[\s\S])*?[^`])\1(?!`)/g;
/** [text](target) and ![alt](target), with an optional title; the target may be in <angle brackets>. */
const INLINE_LINK =
  /!?\[(?:[^[\]]|\[[^[\]]*\])*\]\(\s*(<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?\s*\)/g;
/** [label]: target */
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]\n]+\]:[ \t]*(<[^>\n]*>|\S+)/gm;
/** href="..." and src="..." of HTML in markdown. */
const HTML_LINK = /<(?:a|img|source)\b[^>]*?\b(?:href|src)\s*=\s*["']([^"']+)["']/gi;

/**
 * Every link target of a markdown text (inline links, images, reference definitions, HTML href
 * and src), and every code span that is a path starting with `../`: what a reader would follow.
 * Code blocks are skipped.
 */
export function linkTargets(markdown: string): FoundTarget[] {
  let text = withoutCodeBlocks(markdown);
  const found: FoundTarget[] = [];
  for (const m of text.matchAll(INLINE_CODE)) {
    const content = m[2].trim();
    if (/^\.\.\/[^\s`]*$/.test(content)) found.push({ line: lineAt(text, m.index), target: content });
  }
  for (const m of [...text.matchAll(INLINE_CODE)].reverse()) text = blank(text, m.index, m.index + m[0].length);
  for (const pattern of [INLINE_LINK, REFERENCE_DEFINITION, HTML_LINK]) {
    for (const m of text.matchAll(pattern)) found.push({ line: lineAt(text, m.index), target: m[1].replace(/^<|>$/g, '') });
  }
  return found.sort((a, b) => a.line - b.line);
}

/** GitHub's anchor for a heading's text: lowercase, punctuation dropped, each space a hyphen. */
export function githubSlug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** A heading's text as rendered: links and images by their text, code without backticks, no HTML tags or emphasis marks. */
function renderedHeading(raw: string): string {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`+/g, '')
    .replace(/\*+/g, '')
    .trim();
}

/**
 * The anchors a markdown file has on GitHub: one per ATX heading (repeated headings get -1, -2,
 * ... as github-slugger gives them) and every HTML `id` or `name`.
 */
export function anchorsOf(markdown: string): Set<string> {
  const text = withoutCodeBlocks(markdown);
  const anchors = new Set<string>();
  const occurrences = new Map<string, number>();
  for (const m of text.matchAll(/^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/gm)) {
    const base = githubSlug(renderedHeading(m[1]));
    let slug = base;
    while (occurrences.has(slug)) {
      const n = occurrences.get(base)! + 1;
      occurrences.set(base, n);
      slug = `${base}-${n}`;
    }
    occurrences.set(slug, 0);
    anchors.add(slug);
  }
  for (const m of text.matchAll(/<[a-z][^>]*?\b(?:id|name)\s*=\s*["']([^"']+)["']/gi)) anchors.add(m[1]);
  return anchors;
}

/** Whether a markdown text has this anchor (as written in a link: percent-encoded, any case). */
function hasAnchor(markdown: string, anchor: string): boolean {
  const anchors = anchorsOf(markdown);
  const wanted = decodeURIComponent(anchor);
  return anchors.has(wanted) || anchors.has(wanted.toLowerCase());
}

/** A target that is not a path in this repository: a URL with a scheme (https:, mailto:) or a protocol-relative one. */
const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/**
 * The problems of the links of one markdown file (path relative to the repository root): a target
 * outside the repository, a missing or git-ignored file, a `#anchor` that no heading of the
 * markdown file it points into makes.
 */
export function checkMarkdown(file: string, markdown: string): LinkProblem[] {
  const problems: LinkProblem[] = [];
  const known = repositoryFiles();
  const here = path.dirname(path.join(ROOT, file));
  for (const found of linkTargets(markdown)) {
    const { target } = found;
    const report = (problem: string, anchor = false) => problems.push({ file, line: found.line, target, problem, anchor });
    if (isExternal(target)) continue;
    const hash = target.indexOf('#');
    const pathPart = (hash < 0 ? target : target.slice(0, hash)).replace(/\?.*$/, '');
    const anchor = hash < 0 ? undefined : target.slice(hash + 1);
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathPart);
    } catch {
      report('is not a valid URL path');
      continue;
    }
    if (decoded === '') {
      // An anchor into this same file.
      if (anchor && !hasAnchor(markdown, anchor)) report(`no heading of ${file} makes the anchor #${anchor}`, true);
      continue;
    }
    const resolved = decoded.startsWith('/') ? path.join(ROOT, decoded) : path.resolve(here, decoded);
    const relative = path.relative(ROOT, resolved);
    if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
      report('leaves the repository (a clone has nothing there)');
      continue;
    }
    if (!existsSync(resolved)) {
      report(`points to ${relative || '.'}, which does not exist`);
      continue;
    }
    if (known && relative !== '' && !known.has(relative.split(path.sep).join('/'))) {
      report(`points to ${relative}, which git ignores (a clone lacks it)`);
      continue;
    }
    if (anchor && resolved.endsWith('.md') && statSync(resolved).isFile()) {
      const text = resolved === path.join(ROOT, file) ? markdown : readFileSync(resolved, 'utf8');
      if (!hasAnchor(text, anchor)) report(`no heading of ${relative} makes the anchor #${anchor}`, true);
    }
  }
  return problems.sort((a, b) => a.line - b.line);
}

describe('documentation links stay in the repository and resolve (README.md, docs/, clients/*/README.md)', () => {
  let files: string[];
  let problems: LinkProblem[];

  before(() => {
    files = markdownFiles();
    problems = files.flatMap((file) => checkMarkdown(file, readFileSync(path.join(ROOT, file), 'utf8')));
  });

  it('checks every markdown file of the repository, README.md and docs/ among them', () => {
    expect(files).to.include.members(['README.md', 'docs/api.md', 'docs/architecture.md', 'docs/decisions.md', 'docs/operations.md']);
  });

  it('every relative link, and every `../` path in code, names a file inside the repository that a clone has', () => {
    expect(problems.filter((p) => !p.anchor).map(describeProblem)).to.deep.equal([]);
  });

  it('every #anchor into a markdown file names one of its headings', () => {
    expect(problems.filter((p) => p.anchor).map(describeProblem)).to.deep.equal([]);
  });

  describe('the checker itself', () => {
    it('reports a link out of the repository, a missing file, a missing anchor and a `../` path in code; not URLs or code blocks', () => {
      const sample = [
        '# Sample heading',
        '[fine](../README.md), [fine too](#sample-heading), [also fine](api.md#errors "title"), [a URL](https://example.com/x).',
        'Out: [contract](../../shared/spec/contract.md), missing: [nothing](no-such-page.md), no heading: [api](api.md#no-such-heading).',
        'In code: `../../shared/DESIGN.md`; not a path: `npm run build`.',
        '```sh',
        'cat ../../ignored-in-a-code-block.md && open [x](../../also-ignored.md)',
        '```',
        '[ref]: ../../elsewhere/README.md',
      ].join('\n');
      const found = checkMarkdown('docs/sample.md', sample).map((p) => `${p.line} ${p.target} ${p.anchor ? 'anchor' : 'file'}`);
      expect(found).to.deep.equal([
        '3 ../../shared/spec/contract.md file',
        '3 no-such-page.md file',
        '3 api.md#no-such-heading anchor',
        '4 ../../shared/DESIGN.md file',
        '8 ../../elsewhere/README.md file',
      ]);
    });

    it('reports a link into a folder git ignores, which a clone does not have', function () {
      if (!IN_GIT) this.skip();
      const found = checkMarkdown('README.md', 'See [mocha](node_modules/mocha/package.json).');
      expect(found.map((p) => p.problem)).to.deep.equal([
        'points to node_modules/mocha/package.json, which git ignores (a clone lacks it)',
      ]);
    });

    it('makes the anchors GitHub makes for headings', () => {
      const anchors = anchorsOf(
        [
          '## Paging, facets and fields',
          "### List your organizations' jobs",
          '## `GET /agents/jobs` and [the docs](x.md)',
          '## Errors',
          '## Errors',
          '## ETags and 304s #',
          '<a name="kept"></a>',
        ].join('\n'),
      );
      expect([...anchors]).to.deep.equal([
        'paging-facets-and-fields',
        'list-your-organizations-jobs',
        'get-agentsjobs-and-the-docs',
        'errors',
        'errors-1',
        'etags-and-304s',
        'kept',
      ]);
    });
  });
});

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describe('docs/api.md covers the whole API', () => {
  const apiPage = () => readFileSync(path.join(ROOT, 'docs/api.md'), 'utf8');

  it('names every operation of GET /openapi.json (method and path)', async () => {
    const document = await wholeApiDocument();
    const page = apiPage();
    const operations = Object.entries(document.paths)
      .filter(([p]) => !p.startsWith('/docs/'))
      .flatMap(([p, item]) =>
        Object.keys(item)
          .filter((key) => HTTP_METHODS.includes(key))
          .map((method) => `${method.toUpperCase()} ${p}`),
      );
    expect(operations.length).to.be.greaterThan(10);
    expect(operations.filter((op) => !page.includes(`\`${op}\``))).to.deep.equal([]);
  });

  it('lists every error code of shared/errors.ts with its status', () => {
    const page = apiPage();
    const missing = Object.entries(ERROR_STATUS).filter(([code, status]) => !page.includes(`| ${status} | \`${code}\` |`));
    expect(missing).to.deep.equal([]);
  });
});
