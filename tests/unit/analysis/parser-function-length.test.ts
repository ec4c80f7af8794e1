/**
 * The reader's stages stay small: no function in functions/analysis/parser has a body over 80 lines
 * (issue 22). Counted with the TypeScript compiler: from the line of a body's `{` to the line of its `}`.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/runtime.ts';

const PARSER = path.join(REPO_ROOT, 'functions/analysis/parser');
const MAX_LINES = 80;


interface Fn {
  name: string;
  lines: number;
}

function functionsOf(file: string): Fn[] {
  const src = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, src, ts.ScriptTarget.Latest, true);
  const out: Fn[] = [];
  const lineOf = (pos: number): number => sf.getLineAndCharacterOfPosition(pos).line;
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body && ts.isBlock(node.body as ts.Node)) {
      const body = node.body as ts.Block;
      const named = (node as { name?: ts.Node }).name;
      const parent = node.parent;
      const name = named ? named.getText(sf) : ts.isVariableDeclaration(parent) ? parent.name.getText(sf) : `(anonymous at line ${lineOf(node.getStart(sf)) + 1})`;
      out.push({ name: `${path.basename(file)}:${name}`, lines: lineOf(body.getEnd()) - lineOf(body.getStart(sf)) + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe('reader function length', () => {
  it(`has no function over ${MAX_LINES} lines in functions/analysis/parser`, () => {
    // Prepare
    const files = fs.readdirSync(PARSER).filter(f => f.endsWith('.ts')).map(f => path.join(PARSER, f));
    // Act
    const fns = files.flatMap(functionsOf);
    // Assess
    expect(fns.length).toBeGreaterThan(50);
    const long = fns.filter(f => f.lines > MAX_LINES).map(f => `${f.name} (${f.lines} lines)`);
    expect(long).toEqual([]);
  });

  it('counts the lines of a function body', () => {
    // Prepare
    const dir = fs.mkdtempSync(path.join(REPO_ROOT, 'tests/.tmp-fnlen-'));
    const file = path.join(dir, 'x.ts');
    fs.writeFileSync(file, `export function a(): number {\n${'  1;\n'.repeat(81)}  return 1;\n}\nconst b = (): void => {\n};\n`);
    // Act
    const fns = functionsOf(file);
    fs.rmSync(dir, { recursive: true, force: true });
    // Assess
    expect(fns).toEqual([{ name: 'x.ts:a', lines: 84 }, { name: 'x.ts:b', lines: 2 }]);
  });
});
