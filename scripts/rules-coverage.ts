/**
 * Rules coverage: does every rule the league text asks us to enforce or record have both code and a test that says so?
 *
 *   npm run rules:coverage
 *
 * - Required rules: `scripts/required-rules.txt`, one `ID tag` per line (the [enforce] and [record] rules of
 *   sections III, VI and VII of the rules catalogue, VII.P excepted).
 * - Implemented rules: every rule ID written anywhere in `shared/**\/*.ts` (refusals, comments, outcome reasons).
 * - Tested rules: every rule ID written in a test TITLE, i.e. the first argument of `describe`, `it` or `test`
 *   (including `.each(...)`, `.skip`, ... forms) in `test/**\/*.test.ts`. Titles are read from the syntax tree, so
 *   an ID in a comment or an assertion does not count; the literal parts of a template title do.
 *
 * When the catalogue itself is found (`../shared/rules-catalogue.md` next to the repository, or RULES_CATALOGUE), IDs
 * in shared/ that the catalogue does not define (a section heading such as `R-VII.N`, or a typo) are listed apart
 * instead of being reported as untested rules.
 *
 * IDs match exactly: a title naming `R-III.C.6.1.1.2` covers that rule, not its parent `R-III.C.6.1`, and a range
 * such as `R-III.B.2-5` names only `R-III.B.2`. The script prints what is missing and a one-line summary, and exits
 * 1 when a required rule is missing from the engine or from the test titles.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Catalogue identifiers: R-<roman>.<segments> (segments are letters, numbers or pN), OQ-nn, MR-n, CALC-n. */
const ID = /\b(?:R-(?:VII|VI|V|IV|III|II|I)(?:\.(?:[A-Z]|\d+|p\d+))+|OQ-\d+[a-z]?|MR-\d+|CALC-\d+)(?!\w)/g;

export function idsIn(text: string): Set<string> {
  return new Set(text.match(ID) ?? []);
}

function walk(dir: string, keep: (file: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(path, keep));
    else if (keep(path)) out.push(path);
  }
  return out.sort();
}

const TEST_FUNCTIONS = new Set(['describe', 'it', 'test']);

/** `it`, `it.skip`, `it.each(table)`, `describe.concurrent.each(...)`: the name the call chain starts from. */
function testFunction(callee: ts.Expression): string | null {
  let e: ts.Expression = callee;
  for (;;) {
    if (ts.isIdentifier(e)) return TEST_FUNCTIONS.has(e.text) ? e.text : null;
    if (ts.isPropertyAccessExpression(e)) e = e.expression;
    else if (ts.isCallExpression(e)) e = e.expression; // it.each(table)(title, fn)
    else if (ts.isTaggedTemplateExpression(e)) e = e.tag; // it.each`table`(title, fn)
    else return null;
  }
}

/** The literal text of a title argument; the `${...}` parts of a template are unknown and left out. */
function titleText(arg: ts.Expression): string | null {
  if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) return arg.text;
  if (ts.isTemplateExpression(arg)) return [arg.head.text, ...arg.templateSpans.map((s) => s.literal.text)].join(' ');
  if (ts.isBinaryExpression(arg) && arg.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return [titleText(arg.left), titleText(arg.right)].filter((x) => x !== null).join('');
  }
  if (ts.isParenthesizedExpression(arg)) return titleText(arg.expression);
  return null;
}

/** Every test title of a test file, in source order. */
export function testTitles(fileName: string, source: string): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const titles: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && !ts.isCallExpression(node.parent) && node.arguments.length > 0) {
      const fn = testFunction(node.expression);
      const text = fn ? titleText(node.arguments[0]!) : null;
      if (text !== null) titles.push(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return titles;
}

/** IDs the catalogue defines: bold entry heads (`**R-III.B.2**`, `**MR-1**`, `**CALC-1 ...**`) and open questions. */
function catalogueIds(): Set<string> | null {
  const path = process.env.RULES_CATALOGUE ?? join(ROOT, '../shared/rules-catalogue.md');
  if (!existsSync(path)) return null;
  const text = readFileSync(path, 'utf8');
  const heads = [...text.matchAll(/\*\*([A-Z]+-[^\s*]+)/g), ...text.matchAll(/Open question \((OQ-\d+[a-z]?)\)/g)];
  return new Set(heads.flatMap((m) => [...idsIn(m[1]!)]));
}

interface Required {
  id: string;
  tag: string;
}

function readRequired(): Required[] {
  const text = readFileSync(join(ROOT, 'scripts/required-rules.txt'), 'utf8');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [id, tag = ''] = line.split(/\s+/);
      return { id: id!, tag };
    });
}

/** Catalogue order for printing: R-III.B.10 after R-III.B.9. */
function compareIds(a: string, b: string): number {
  const pa = a.split(/[.-]/);
  const pb = b.split(/[.-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const nx = Number(x.replace(/^p/, ''));
    const ny = Number(y.replace(/^p/, ''));
    if (!Number.isNaN(nx) && !Number.isNaN(ny)) return nx - ny;
    return x < y ? -1 : 1;
  }
  return 0;
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) => r.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd();
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

function main(): number {
  const required = readRequired();
  const requiredIds = new Set(required.map((r) => r.id));

  const engine = new Set<string>();
  for (const file of walk(join(ROOT, 'shared'), (f) => f.endsWith('.ts'))) {
    for (const id of idsIn(readFileSync(file, 'utf8'))) engine.add(id);
  }

  const tested = new Map<string, string>(); // id -> first test file naming it
  const testFiles = walk(join(ROOT, 'test'), (f) => f.endsWith('.test.ts'));
  let titleCount = 0;
  for (const file of testFiles) {
    const titles = testTitles(file, readFileSync(file, 'utf8'));
    titleCount += titles.length;
    for (const title of titles) {
      for (const id of idsIn(title)) if (!tested.has(id)) tested.set(id, relative(ROOT, file));
    }
  }

  const missingEngine = required.filter((r) => !engine.has(r.id));
  const missingTests = required.filter((r) => !tested.has(r.id));
  const defined = catalogueIds();
  const unknown = defined ? [...engine].filter((id) => !defined.has(id)).sort(compareIds) : [];
  const untested = [...engine].filter((id) => !tested.has(id) && !requiredIds.has(id) && (!defined || defined.has(id))).sort(compareIds);

  const rows = [['ID', 'tag', 'required', 'in engine', 'in a test title']];
  const problems = new Map<string, string[]>();
  for (const r of required) {
    if (engine.has(r.id) && tested.has(r.id)) continue;
    problems.set(r.id, [r.id, r.tag, 'yes', engine.has(r.id) ? 'yes' : 'MISSING', tested.has(r.id) ? 'yes' : 'MISSING']);
  }
  for (const id of untested) problems.set(id, [id, '', 'no', 'yes', 'no']);
  const sorted = [...problems.keys()].sort(compareIds).map((id) => problems.get(id)!);

  if (sorted.length > 0) {
    console.log(table([...rows, ...sorted]));
    console.log('');
  }
  if (unknown.length > 0) {
    console.log(`IDs in shared/ that the catalogue does not define (section references or typos): ${unknown.join(', ')}`);
    console.log('');
  }
  const fail = missingEngine.length > 0 || missingTests.length > 0;
  console.log(
    `rules:coverage ${fail ? 'FAIL' : 'OK'}: ${required.length} required rules; ` +
      `${missingEngine.length} missing from the engine; ${missingTests.length} missing from test titles; ` +
      `${untested.length} other implemented IDs without a test title ` +
      `(${engine.size} IDs in shared/, ${tested.size} IDs in ${titleCount} titles of ${testFiles.length} test files).`,
  );
  return fail ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main();
