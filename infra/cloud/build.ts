import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { DEFAULT_REGION, parseStage } from './config.ts';
import { EDGE_REGION, EdgeStack } from './edge.ts';
import { ComputaStack, type ComputaStackProps } from './stack.ts';

export interface BuildOptions {
  /** Overrides the stack props derived from the app (tests point webDistDir elsewhere). */
  stackProps?: Partial<Omit<ComputaStackProps, 'stage'>>;
}

/** Reads `-c stage=dev|prod` (and `-c region=`), adds `Computa-<stage>` and the cdk-nag AwsSolutions checks. */
export function buildComputa(app: App, options: BuildOptions = {}): ComputaStack {
  const stage = parseStage(app.node.tryGetContext('stage'));
  // The region is pinned (cdk.json `region`, `-c region=...` to override), not taken from
  // CDK_DEFAULT_REGION: the CLI always sets that one (us-east-1 when no profile says otherwise),
  // and where an Italian customer's data lives must not depend on whose laptop runs the deploy.
  const region = String(app.node.tryGetContext('region') ?? '') || DEFAULT_REGION;
  const tags = { app: 'computa', stage };
  // The CloudFront web ACL must live in us-east-1: a small stack of its own, referenced across regions.
  const edge = new EdgeStack(app, `Computa-${stage}-edge`, {
    stage,
    env: { region: EDGE_REGION },
    crossRegionReferences: true,
    description: `Computa (${stage}): CloudFront web ACL (us-east-1)`,
    tags,
  });
  const stack = new ComputaStack(app, `Computa-${stage}`, {
    stage,
    webAclArn: edge.webAcl.attrArn,
    crossRegionReferences: true,
    // Account-agnostic on purpose: no lookups, so the template deploys to whatever account the CLI targets.
    env: { region },
    description: `Computa (${stage}): web, API and data`,
    tags,
    ...options.stackProps,
  });
  // cdk-nag 3 is a policy-validation plugin: unacknowledged findings fail the synth.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return stack;
}
