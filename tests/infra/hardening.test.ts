import type { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOB_PREFIXES, DEAD_LETTER_GRANTS, RESOURCE_GRANTS, WORKER_GRANTS, type Grants } from '../../functions/resource-grants.ts';
import { RESOURCES } from '../../functions/routes.ts';
import { TABLES, type TableKey } from '../../functions/storage/tables.ts';
import { RATE_LIMITED_BODY } from '../../infra/cloud/edge.ts';
import { STAGE_THROTTLE, WAF_RATE_LIMITS } from '../../infra/cloud/limits.ts';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy } from '../../shared/security/csp.ts';
import { synthComputa } from './synth.ts';

type CfnResource = { Type: string; Properties: Record<string, any> };
type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

const STAGE = 'dev';
let app: App;
let template: Template;
let edge: Template;
let edgeRegion: string;
let cleanup: () => void;

beforeAll(() => {
  // Prepare / Act
  const synth = synthComputa(STAGE);
  ({ app, cleanup } = synth);
  template = Template.fromStack(synth.stack);
  edge = Template.fromStack(synth.edge);
  edgeRegion = synth.edge.region;
});
afterAll(() => cleanup?.());

const resources = (type: string) => Object.entries(template.findResources(type)) as Array<[string, CfnResource]>;
const actionsOf = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);
/** Logical ids a value points at through Fn::GetAtt / Ref. */
const referencedIds = (value: unknown) => [...JSON.stringify(value).matchAll(/"(?:Fn::GetAtt":\["|Ref":")(\w+)"/g)].map((m) => m[1]);

function functionByDescription(description: string): CfnResource {
  const found = resources('AWS::Lambda::Function').filter(([, r]) => r.Properties.Description === description);
  expect(found, description).toHaveLength(1);
  return found[0][1];
}

/** Every statement of every policy attached to the function's role. */
function statementsOf(description: string): Statement[] {
  const roleId = functionByDescription(description).Properties.Role['Fn::GetAtt'][0] as string;
  const role = template.findResources('AWS::IAM::Role')[roleId];
  expect(role.Properties.ManagedPolicyArns).toBeUndefined();
  return resources('AWS::IAM::Policy')
    .filter(([, p]) => (p.Properties.Roles as unknown[]).some((r) => JSON.stringify(r) === JSON.stringify({ Ref: roleId })))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Statement[]);
}

const apiFunction = (resource: string) => `Computa ${STAGE}: ${resource} API handler`;
const WORKER = `Computa ${STAGE}: analysis worker (PDF -> rows)`;

function tableId(key: TableKey): string {
  const [[id]] = resources('AWS::DynamoDB::Table').filter(([, r]) => r.Properties.TableName === `computa-${STAGE}-${TABLES[key].name}`);
  return id;
}
const bucketId = () => resources('AWS::S3::Bucket').find(([id]) => id.includes('DataBucket'))![0];

/** Which tables the statements reach, and with which access (write when any statement may write). */
function tableAccess(statements: Statement[]): Record<string, string> {
  const byId = new Map((Object.keys(TABLES) as TableKey[]).map((k) => [tableId(k), k]));
  const out: Record<string, string> = {};
  for (const s of statements.filter((st) => actionsOf(st).some((a) => a.startsWith('dynamodb:') && a !== 'dynamodb:DescribeTable'))) {
    const writes = actionsOf(s).includes('dynamodb:PutItem');
    for (const id of referencedIds(s.Resource)) {
      const key = byId.get(id);
      if (key && (writes || !out[key])) out[key] = writes ? 'readwrite' : 'read';
    }
  }
  return out;
}

/** `{ 'documents/*': ['s3:GetObject', ...] }` for the object statements on the data bucket. */
function objectActions(statements: Statement[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const s of statements) {
    for (const resource of [s.Resource].flat() as any[]) {
      const join = resource?.['Fn::Join']?.[1];
      if (!join || referencedIds(join[0])[0] !== bucketId()) continue;
      out[join[1].replace(/^\//, '')] = [...(out[join[1].replace(/^\//, '')] ?? []), ...actionsOf(s)].sort();
    }
  }
  return out;
}

const expectedTables = (grants: Grants) => ({ ...grants.tables });
const expectedObjects = (grants: Grants) =>
  Object.fromEntries(
    Object.entries(grants.blobs ?? {}).map(([p, a]) => [
      `${BLOB_PREFIXES[p as keyof typeof BLOB_PREFIXES]}*`,
      (a === 'readwrite' ? ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'] : ['s3:GetObject']).sort(),
    ]),
  );

describe('least privilege: each Lambda gets what functions/resource-grants.ts lists, nothing more', () => {
  it.each(RESOURCES)('the %s API Lambda reaches exactly its tables and blob prefixes', (resource) => {
    // Prepare
    const statements = statementsOf(apiFunction(resource));

    // Assess
    expect(tableAccess(statements)).toEqual(expectedTables(RESOURCE_GRANTS[resource]));
    expect(objectActions(statements)).toEqual(expectedObjects(RESOURCE_GRANTS[resource]));
  });

  it('grants exact actions only: no `*` action, no Scan, no table index wildcard, no bucket-wide object access', () => {
    // Prepare
    const all = [...RESOURCES.map((r) => statementsOf(apiFunction(r))), statementsOf(WORKER)].flat();

    // Assess
    for (const s of all) {
      for (const action of actionsOf(s)) {
        expect(action).not.toContain('*');
        expect(action).not.toBe('dynamodb:Scan');
      }
      expect(JSON.stringify(s.Resource)).not.toMatch(/\/index\/\*|"\/\*"/);
    }
  });

  it('keeps the tipologie Lambda away from documents, rows and the data bucket', () => {
    // Prepare
    const policy = JSON.stringify(statementsOf(apiFunction('tipologie')));

    // Assess
    expect(policy).not.toContain(tableId('documents'));
    expect(policy).not.toContain(tableId('rows'));
    expect(policy).not.toContain(bucketId());
    expect(policy).not.toContain('s3:');
    expect(policy).toContain(tableId('tipologie'));
  });

  it('scopes the documents Lambda S3 actions to documents/, tmp/uploads/ and tmp/exports/', () => {
    // Prepare
    const statements = statementsOf(apiFunction('documents'));

    // Assess
    expect(objectActions(statements)).toEqual({
      'documents/*': ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
      'tmp/uploads/*': ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
      // Large cloud exports: put there, downloaded by a URL this role signs.
      'tmp/exports/*': ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
      'price-index/*': ['s3:GetObject'],
    });
    // Bucket-level: only ListBucket (so a missing key is a 404, not a 403).
    const bucketLevel = statements.filter((s) => JSON.stringify(s.Resource) === JSON.stringify({ 'Fn::GetAtt': [bucketId(), 'Arn'] }));
    expect(bucketLevel.flatMap(actionsOf)).toEqual(['s3:ListBucket']);
  });

  it('lets only the documents Lambda queue analyses, and every API Lambda read the signing secret', () => {
    for (const resource of RESOURCES) {
      // Prepare
      const actions = statementsOf(apiFunction(resource)).flatMap(actionsOf);
      // Assess
      expect(actions.includes('sqs:SendMessage'), resource).toBe(resource === 'documents');
      expect(actions, resource).toContain('secretsmanager:GetSecretValue');
    }
  });

  it('gives the worker just what processDocument needs: no secret, originals read-only, its OCR copies, Textract', () => {
    // Prepare
    const statements = statementsOf(WORKER);
    const actions = statements.flatMap(actionsOf);

    // Assess
    expect(tableAccess(statements)).toEqual(expectedTables(WORKER_GRANTS));
    expect(tableAccess(statements)).toEqual({ documents: 'readwrite', rows: 'readwrite', counters: 'readwrite', priceLists: 'read', patterns: 'read', tipologie: 'read' });
    expect(objectActions(statements)).toEqual({
      'documents/*': ['s3:GetObject'],
      'price-index/*': ['s3:GetObject'],
      'tmp/ocr/*': ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
    });
    expect(actions.some((a) => a.startsWith('secretsmanager:'))).toBe(false);
    expect(actions).toEqual(expect.arrayContaining(['textract:StartDocumentTextDetection', 'textract:GetDocumentTextDetection']));
    expect(DEAD_LETTER_GRANTS.tables).toEqual({ documents: 'readwrite', rows: 'readwrite' });
  });

  it('lets each function write only its own log group, without AWSLambdaBasicExecutionRole', () => {
    // Prepare
    const fn = functionByDescription(apiFunction('search'));
    const logStatements = statementsOf(apiFunction('search')).filter((s) => actionsOf(s).some((a) => a.startsWith('logs:')));

    // Assess
    expect(logStatements).toHaveLength(1);
    expect(referencedIds(logStatements[0].Resource)).toEqual(referencedIds(fn.Properties.LoggingConfig.LogGroup));
  });
});

describe('HTTP API stage throttling', () => {
  it('throttles the whole stage and, harder, the login and upload routes', () => {
    // Prepare
    const [[stageId, stage]] = resources('AWS::ApiGatewayV2::Stage');
    const settings = stage.Properties.RouteSettings as Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }>;
    const routeIds = resources('AWS::ApiGatewayV2::Route')
      .filter(([, r]) => r.Properties.RouteKey in settings)
      .map(([id]) => id);
    const dependsOn = (template.toJSON().Resources[stageId].DependsOn ?? []) as string[];

    // Assess
    expect(stage.Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: STAGE_THROTTLE.rateLimit, ThrottlingBurstLimit: STAGE_THROTTLE.burstLimit });
    expect(Object.keys(settings).sort()).toEqual(['POST /api/auth/login', 'POST /api/upload', 'POST /api/upload/complete', 'POST /api/upload/presign', 'POST /api/upload/preview']);
    for (const [key, s] of Object.entries(settings)) {
      expect(s.ThrottlingRateLimit, key).toBeLessThan(STAGE_THROTTLE.rateLimit);
      expect(s.ThrottlingBurstLimit, key).toBeLessThan(STAGE_THROTTLE.burstLimit);
    }
    // The stage is created after the routes its settings name.
    expect(routeIds).toHaveLength(5);
    expect(dependsOn).toEqual(expect.arrayContaining(routeIds));
  });
});

describe('Content-Security-Policy', () => {
  it('is sent by CloudFront on the site and the API behaviours, from the shared constant', () => {
    // Prepare
    const [[policyId, policy]] = resources('AWS::CloudFront::ResponseHeadersPolicy');
    const csp = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy;
    const [[, dist]] = resources('AWS::CloudFront::Distribution');
    const config = dist.Properties.DistributionConfig;

    // Assess
    expect(csp).toEqual({ ContentSecurityPolicy: CONTENT_SECURITY_POLICY, Override: true });
    for (const behaviour of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behaviour.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    }
  });

  it('allows what the app needs and nothing inline but styles', () => {
    // Prepare
    const directives = Object.fromEntries(CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

    // Assess
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives['font-src']).toEqual(["'self'", 'data:']);
    expect(directives['connect-src']).toEqual(["'self'", 'https://*.amazonaws.com']);
    expect(directives['worker-src']).toEqual(["'self'", 'blob:']);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['form-action']).toEqual(["'self'"]);
    // CloudFront's limit for the header value.
    expect(CONTENT_SECURITY_POLICY.length).toBeLessThan(1783);
    expect(contentSecurityPolicy(['http://127.0.0.1:4569'])).toContain("connect-src 'self' https://*.amazonaws.com http://127.0.0.1:4569;");
    expect(contentSecurityPolicy()).toBe(CONTENT_SECURITY_POLICY);
  });
});

describe('AWS WAF in front of CloudFront', () => {
  it('puts a CLOUDFRONT web ACL in a us-east-1 stack and attaches it to the distribution', () => {
    // Prepare
    const [[aclId, acl]] = Object.entries(edge.findResources('AWS::WAFv2::WebACL')) as Array<[string, CfnResource]>;
    const [[, dist]] = resources('AWS::CloudFront::Distribution');
    const ref = dist.Properties.DistributionConfig.WebACLId['Fn::GetStackOutput'];
    const output = edge.toJSON().Outputs[ref.OutputName];

    // Assess
    expect(edgeRegion).toBe('us-east-1');
    expect(acl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    expect(ref).toMatchObject({ StackName: `Computa-${STAGE}-edge`, Region: 'us-east-1' });
    expect(output.Value).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });

  it('limits requests per IP, harder on the login and upload paths, answering 429 in Italian', () => {
    // Prepare
    const [[, acl]] = Object.entries(edge.findResources('AWS::WAFv2::WebACL')) as Array<[string, CfnResource]>;
    const rules = new Map((acl.Properties.Rules as any[]).map((r) => [r.Name, r]));
    const strict = rules.get('rate-login-upload').Statement.RateBasedStatement;
    const all = rules.get('rate-all').Statement.RateBasedStatement;
    const paths = (strict.ScopeDownStatement.OrStatement.Statements as any[]).map((s) => s.ByteMatchStatement);

    // Assess
    expect(rules.get('rate-login-upload').Priority).toBeLessThan(rules.get('rate-all').Priority);
    expect(strict).toMatchObject({ AggregateKeyType: 'IP', Limit: WAF_RATE_LIMITS.sensitivePerIp, EvaluationWindowSec: 300 });
    expect(all).toMatchObject({ AggregateKeyType: 'IP', Limit: WAF_RATE_LIMITS.perIp, EvaluationWindowSec: 300 });
    expect(all.ScopeDownStatement).toBeUndefined();
    expect(strict.Limit).toBeLessThan(all.Limit);
    expect(paths.map((p) => p.SearchString).sort()).toEqual(['/api/auth/login', '/api/upload', '/api/upload/complete', '/api/upload/presign', '/api/upload/preview']);
    for (const p of paths) expect(p).toMatchObject({ FieldToMatch: { UriPath: {} }, PositionalConstraint: 'EXACTLY' });
    for (const rule of rules.values()) {
      expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'rate-limited' } } });
      expect(rule.VisibilityConfig).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true });
    }
    expect(acl.Properties.CustomResponseBodies['rate-limited']).toEqual({ ContentType: 'APPLICATION_JSON', Content: RATE_LIMITED_BODY });
    expect(JSON.parse(RATE_LIMITED_BODY).errors[0].detail).toMatch(/^Troppe richieste/);
  });

  it('passes cdk-nag on both stacks, CloudFront WAF rule (CFR2) included', () => {
    // Act
    const report = new AwsSolutionsChecks(undefined, { verbose: true }).validateScope(app);

    // Assess
    expect(report.violations.map((v) => `${v.ruleName} ${v.violatingResources.map((r) => r.constructPath)}`)).toEqual([]);
    expect(JSON.stringify(app.node.findAll().map((c) => c.node.metadata))).not.toContain('AwsSolutions-CFR2');
  });
});

describe('dead-letter queue of the analyses', () => {
  const DEAD_LETTER = `Computa ${STAGE}: dead-lettered analyses -> documents failed`;
  const deadLetterQueueId = () => {
    const [main] = resources('AWS::SQS::Queue').filter(([, q]) => q.Properties.RedrivePolicy);
    return main[1].Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0] as string;
  };

  it('is consumed by a small Lambda that may only update documents and remove their rows', () => {
    // Prepare
    const fnId = resources('AWS::Lambda::Function').find(([, r]) => r.Properties.Description === DEAD_LETTER)![0];
    const mapping = resources('AWS::Lambda::EventSourceMapping').find(([, m]) => m.Properties.FunctionName.Ref === fnId)![1];
    const statements = statementsOf(DEAD_LETTER);
    const actions = statements.flatMap(actionsOf);

    // Assess
    expect(referencedIds(mapping.Properties.EventSourceArn)).toEqual([deadLetterQueueId()]);
    expect(tableAccess(statements)).toEqual({ documents: 'readwrite', rows: 'readwrite' });
    expect(objectActions(statements)).toEqual({});
    expect(actions.some((a) => a.startsWith('s3:') || a.startsWith('secretsmanager:') || a.startsWith('textract:'))).toBe(false);
    expect(actions).toEqual(expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage']));
  });

  it('raises alarms when messages wait in it, when an analysis is dead-lettered and when its handler fails', () => {
    // Prepare
    const alarms = resources('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    const fnId = resources('AWS::Lambda::Function').find(([, r]) => r.Properties.Description === DEAD_LETTER)![0];
    const alarmOn = (metric: string) => alarms.find((a) => a.MetricName === metric)!;

    // Assess
    expect(alarmOn('ApproximateNumberOfMessagesVisible')).toMatchObject({
      Namespace: 'AWS/SQS',
      ComparisonOperator: 'GreaterThanThreshold',
      Threshold: 0,
      EvaluationPeriods: 1,
    });
    expect(referencedIds(alarmOn('ApproximateNumberOfMessagesVisible').Dimensions)).toEqual([deadLetterQueueId()]);
    for (const metric of ['Invocations', 'Errors']) {
      expect(alarmOn(metric)).toMatchObject({ Namespace: 'AWS/Lambda', ComparisonOperator: 'GreaterThanThreshold', Threshold: 0 });
      expect(referencedIds(alarmOn(metric).Dimensions)).toEqual([fnId]);
    }
  });
});
