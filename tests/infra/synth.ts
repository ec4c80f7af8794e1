import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { buildComputa } from '../../infra/cloud/build.ts';
import { REPO_ROOT, type Stage } from '../../infra/cloud/config.ts';
import type { EdgeStack } from '../../infra/cloud/edge.ts';
import type { ComputaStack } from '../../infra/cloud/stack.ts';

const CDK_CONTEXT = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')).context;

/** Synthesizes the Computa app as `cdk synth` would, minus esbuild bundling, with a stand-in web/dist. */
export function synthComputa(stage: Stage, extraContext: Record<string, unknown> = {}): { app: App; stack: ComputaStack; edge: EdgeStack; cleanup: () => void } {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'computa-infra-'));
  const webDist = path.join(tmp, 'web-dist');
  fs.mkdirSync(webDist);
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Computa</title>');
  const app = new App({
    outdir: path.join(tmp, 'cdk.out'),
    context: { ...CDK_CONTEXT, stage, 'aws:cdk:bundling-stacks': [], ...extraContext },
  });
  const stack = buildComputa(app, { stackProps: { webDistDir: webDist } });
  const edge = app.node.findChild(`Computa-${stage}-edge`) as EdgeStack;
  return { app, stack, edge, cleanup: () => fs.rmSync(tmp, { recursive: true, force: true }) };
}
