import path from 'node:path';
import { type Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { REPO_ROOT, type Stage } from './config.ts';
import type { Grants } from '../../functions/resource-grants.ts';
import type { Data } from './data.ts';
import { applyGrants } from './grants.ts';
import { acknowledge } from './nag.ts';

/** Lets bundled ESM code (and CommonJS dependencies inlined into it) call `require`. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/**
 * esbuild settings of every handler bundle (also used by tests/infra to check the bundles load).
 * The Node 22 runtime ships AWS SDK v3; @napi-rs/canvas is pdf.js's optional native renderer.
 */
export const LAMBDA_BUNDLE = {
  target: 'node22',
  externalModules: ['@aws-sdk/*', '@napi-rs/canvas'],
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
};

export interface NodeFunctionProps {
  stage: Stage;
  data: Data;
  description: string;
  /** Source file, relative to the repository root. */
  entry: string;
  timeout: Duration;
  memorySize: number;
  environment?: Record<string, string>;
  /** Everything the code may touch (functions/resource-grants.ts); nothing else is granted. */
  grants: Grants;
  /** Files of a package the code reads at run time (not imports): copied beside the bundle. */
  packageFiles?: { pkg: string; files: string[] };
  /** Worker-thread entries bundled beside the handler (the thread finds them next to its caller). */
  threadEntries?: ThreadEntry[];
}

export interface ThreadEntry {
  /** Source file, relative to the repository root. */
  entry: string;
  /** File name beside the handler bundle, as the calling module's `new URL(..., import.meta.url)` names it. */
  outfile: string;
}

/** The esbuild command that bundles a thread entry with the handler's own settings. */
export function threadBundleCommand(inputDir: string, outputDir: string, t: ThreadEntry): string {
  const externals = LAMBDA_BUNDLE.externalModules.map((m) => `--external:${m}`).join(' ');
  return [
    `"${inputDir}/node_modules/.bin/esbuild" "${inputDir}/${t.entry}" --bundle --platform=node --format=esm`,
    `--target=${LAMBDA_BUNDLE.target} --main-fields=${LAMBDA_BUNDLE.mainFields.join(',')} ${externals} --minify`,
    `--banner:js="${LAMBDA_BUNDLE.banner}" --outfile="${outputDir}/${t.outfile}"`,
  ].join(' ');
}

/**
 * A bundled Node 22 arm64 Lambda with its log group, the app's environment and exactly its grants.
 * Its own role instead of AWSLambdaBasicExecutionRole: it may write to its own log group only.
 */
export function nodeFunction(scope: Construct, id: string, props: NodeFunctionProps): nodejs.NodejsFunction {
  const { stage, data } = props;
  const logGroup = new logs.LogGroup(scope, `${id}-logs`, {
    retention: logs.RetentionDays.ONE_MONTH,
    removalPolicy: stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
  const role = new iam.Role(scope, `${id}-role`, {
    assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    description: props.description,
  });
  logGroup.grantWrite(role);
  const fn = new nodejs.NodejsFunction(scope, `${id}-fn`, {
    role,
    description: props.description,
    entry: path.resolve(REPO_ROOT, props.entry),
    handler: 'handler',
    projectRoot: REPO_ROOT,
    depsLockFilePath: path.resolve(REPO_ROOT, 'package-lock.json'),
    runtime: lambda.Runtime.NODEJS_22_X,
    architecture: lambda.Architecture.ARM_64,
    memorySize: props.memorySize,
    timeout: props.timeout,
    logGroup,
    environment: {
      TABLE_PREFIX: data.tablePrefix,
      DATA_BUCKET: data.dataBucket.bucketName,
      SIGNING_SECRET_ARN: data.signingSecret.secretArn,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      NODE_OPTIONS: '--enable-source-maps',
      // Powertools Logger (functions/config/logger.ts): JSON lines with the request id.
      POWERTOOLS_SERVICE_NAME: 'computa',
      POWERTOOLS_LOG_LEVEL: stage === 'prod' ? 'INFO' : 'DEBUG',
      ...props.environment,
    },
    bundling: {
      format: nodejs.OutputFormat.ESM,
      target: LAMBDA_BUNDLE.target,
      platform: 'node',
      mainFields: LAMBDA_BUNDLE.mainFields,
      minify: true,
      sourceMap: true,
      sourcesContent: false,
      charset: nodejs.Charset.UTF8,
      externalModules: LAMBDA_BUNDLE.externalModules,
      banner: LAMBDA_BUNDLE.banner,
      ...(props.packageFiles || props.threadEntries
        ? {
            commandHooks: {
              beforeBundling: () => [],
              beforeInstall: () => [],
              afterBundling: (inputDir: string, outputDir: string) => [
                ...(props.packageFiles
                  ? [
                      ...[...new Set(props.packageFiles.files.map((f) => path.posix.dirname(f)))].map((d) => `mkdir -p "${outputDir}/${props.packageFiles!.pkg}/${d}"`),
                      ...props.packageFiles.files.map((f) => `cp "${inputDir}/node_modules/${props.packageFiles!.pkg}/${f}" "${outputDir}/${props.packageFiles!.pkg}/${f}"`),
                    ]
                  : []),
                ...(props.threadEntries ?? []).map((t) => threadBundleCommand(inputDir, outputDir, t)),
              ],
            },
          }
        : {}),
    },
  });
  // The wildcard findings are on the role's policy.
  acknowledge(role, applyGrants(fn, props.grants, data));
  acknowledge(fn, [
    {
      id: 'AwsSolutions-L1',
      reason:
        'Pinned to Node.js 22 on purpose: bundles target node22 and the code is tested on Node 20/22; moving to the next LTS is a deliberate change.',
    },
  ]);
  return fn;
}
