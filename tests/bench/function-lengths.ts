/**
 * The longest functions in functions/, shared/, infra/ and web/src (lines from the declaration to its closing
 * brace), with the TypeScript compiler API: `npx tsx tests/bench/function-lengths.ts [count]`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(import.meta.dirname, '..', '..');
const DIRS = ['functions', 'shared', 'infra', 'web/src'];

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules') continue;
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

function nameOf(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

interface Found {
  file: string;
  name: string;
  lines: number;
}

const found: Found[] = [];
for (const dir of DIRS) {
  for (const file of sourceFiles(join(ROOT, dir))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
        const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        found.push({ file: relative(ROOT, file), name: nameOf(node), lines: end - start + 1 });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

const count = Number(process.argv[2] ?? 10);
found.sort((a, b) => b.lines - a.lines);
for (const f of found.slice(0, count)) console.log(`${String(f.lines).padStart(5)}  ${f.file}  ${f.name}`);
