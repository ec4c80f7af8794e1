/**
 * Functions stay small outside the tests: no function in functions/, shared/, infra/ or web/src
 * has a body over 80 lines, and no React component (a PascalCase function in a .tsx file) one
 * over 150 (issues 22 and 28). Counted with the TypeScript compiler: from the line of a body's
 * `{` to the line of its `}` (an arrow's expression body from its first line to its last).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/runtime.ts';

const DIRS = ['functions', 'shared', 'infra', 'web/src'];
const MAX_LINES = 80;
const MAX_COMPONENT_LINES = 150;

interface Fn {
  name: string;
  lines: number;
  max: number;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* sourceFiles(file);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield file;
  }
}

function functionsOf(file: string): Fn[] {
  const src = fs.readFileSync(file, 'utf8');
  const tsx = file.endsWith('.tsx');
  const sf = ts.createSourceFile(file, src, ts.ScriptTarget.Latest, true, tsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: Fn[] = [];
  const lineOf = (pos: number): number => sf.getLineAndCharacterOfPosition(pos).line;
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const body = node.body as ts.Node;
      const named = (node as { name?: ts.Node }).name;
      const parent = node.parent;
      const name = named ? named.getText(sf) : ts.isVariableDeclaration(parent) ? parent.name.getText(sf) : `(anonymous at line ${lineOf(node.getStart(sf)) + 1})`;
      const component = tsx && /^[A-Z]/.test(name);
      out.push({ name: `${path.relative(REPO_ROOT, file)}:${name}`, lines: lineOf(body.getEnd()) - lineOf(body.getStart(sf)) + 1, max: component ? MAX_COMPONENT_LINES : MAX_LINES });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe('function length', () => {
  it(`has no function over ${MAX_LINES} lines, and no component over ${MAX_COMPONENT_LINES}, outside the tests`, () => {
    // Prepare
    const files = DIRS.flatMap((dir) => [...sourceFiles(path.join(REPO_ROOT, dir))]);
    // Act
    const fns = files.flatMap(functionsOf);
    // Assess
    expect(files.length).toBeGreaterThan(300);
    expect(fns.length).toBeGreaterThan(2000);
    const long = fns.filter((f) => f.lines > f.max).map((f) => `${f.name} (${f.lines} lines, at most ${f.max})`);
    expect(long).toEqual([]);
  });

  it('counts the lines of a function body, and a component against its own limit', () => {
    // Prepare
    const dir = fs.mkdtempSync(path.join(REPO_ROOT, 'tests/.tmp-fnlen-'));
    const file = path.join(dir, 'x.tsx');
    fs.writeFileSync(file, `export function a(): number {\n${'  1;\n'.repeat(81)}  return 1;\n}\nconst b = (): void => {\n};\nexport function Page() {\n  return null;\n}\n`);
    // Act
    const fns = functionsOf(file);
    fs.rmSync(dir, { recursive: true, force: true });
    // Assess
    const rel = path.relative(REPO_ROOT, file);
    expect(fns).toEqual([
      { name: `${rel}:a`, lines: 84, max: MAX_LINES },
      { name: `${rel}:b`, lines: 2, max: MAX_LINES },
      { name: `${rel}:Page`, lines: 3, max: MAX_COMPONENT_LINES },
    ]);
  });
});
