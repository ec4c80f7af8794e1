import fs from 'node:fs';
import path from 'node:path';
import { Annotations, type CfnElement, DefaultStackSynthesizer, Duration, RemovalPolicy, Stack, Token } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct, type IConstruct } from 'constructs';
import { API_PREFIXES } from '../../functions/routes.ts';
import { CONTENT_SECURITY_POLICY } from '../../shared/security/csp.ts';
import { CLOUDFRONT_LOG_UNSUPPORTED_REGIONS, type Stage } from './config.ts';
import { acknowledge, findings, LAMBDA_BASIC_EXECUTION_ROLE, type Acknowledgment } from './nag.ts';

export interface WebProps {
  stage: Stage;
  /** Domain of the HTTP API (`${apiId}.execute-api.${region}.${urlSuffix}`). */
  apiDomainName: string;
  logBucket: s3.IBucket;
  /** CloudFront web ACL (rate limits); see edge.ts. */
  webAclArn: string;
  /** Built web app; deployed only when it holds an index.html at synth time. */
  webDistDir: string;
}

export const WEB_DIST_MISSING = 'web/dist/index.html not found: run npm run build:web before deploy';

/** `/api/` -> `/api/*`; `/register` stays an exact path. */
export const behaviourPattern = (prefix: string) => (prefix.endsWith('/') ? `${prefix}*` : prefix);

/**
 * SPA fallback for the site behaviour only: a path whose last segment has no extension is a
 * client-side route and gets /index.html. API behaviours never run it, so API 404 JSON passes
 * through untouched (distribution-level errorResponses would rewrite those too).
 */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** Private site bucket behind CloudFront (OAC), with the API prefixes routed to API Gateway. */
export class Web extends Construct {
  readonly siteBucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly deployment?: s3deploy.BucketDeployment;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const region = Stack.of(this).region;

    this.siteBucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      // Every deploy replaces the content from web/dist: nothing here to keep.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'Extension-less paths -> /index.html (SPA router)',
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    const securityHeaders = this.securityHeaders(props.stage);
    const apiBehaviour = this.apiBehaviour(props.apiDomainName, securityHeaders);

    // CloudFront cannot write standard logs to a bucket in some opt-in regions (eu-south-1 among them).
    const canLog = Token.isUnresolved(region) || !CLOUDFRONT_LOG_UNSUPPORTED_REGIONS.has(region);

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Computa ${props.stage}`,
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: Object.fromEntries(API_PREFIXES.map((prefix) => [behaviourPattern(prefix), apiBehaviour])),
      ...(canLog ? { enableLogging: true, logBucket: props.logBucket, logFilePrefix: 'cloudfront/' } : {}),
    });
    this.acknowledgeDistribution(canLog, region);
    this.deployment = this.deploySite(props.webDistDir);
  }

  private securityHeaders(stage: Stage): cloudfront.ResponseHeadersPolicy {
    return new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `Computa ${stage} security headers`,
      securityHeadersBehavior: {
        // The same policy the local server sends (shared/security/csp.ts).
        contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        xssProtection: { protection: true, modeBlock: true, override: true },
      },
    });
  }

  /** The API prefixes go to API Gateway, uncached, with the viewer's address set at the edge. */
  private apiBehaviour(apiDomainName: string, securityHeaders: cloudfront.ResponseHeadersPolicy): cloudfront.BehaviorOptions {
    const apiOrigin = new origins.HttpOrigin(apiDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      readTimeout: Duration.seconds(30),
    });
    // The viewer's address for per-address login limits, set at the edge on every API request
    // (a client cannot choose it: the function overwrites the header). See functions/http/client-address.ts.
    const viewerIp = new cloudfront.Function(this, 'ViewerIpFunction', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Sets x-computa-viewer-ip to the viewer address',
      code: cloudfront.FunctionCode.fromInline(
        "function handler(event) { var request = event.request; request.headers['x-computa-viewer-ip'] = { value: event.viewer.ip }; return request; }",
      ),
    });
    return {
      origin: apiOrigin,
      functionAssociations: [{ function: viewerIp, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      // HTTPS only, not a redirect: a 301 on a POST would make clients drop the body.
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: securityHeaders,
      compress: true,
    };
  }

  private acknowledgeDistribution(canLog: boolean, region: string): void {
    const suppressions: Acknowledgment[] = [
      {
        id: 'AwsSolutions-CFR1',
        reason: 'No geo restriction: Italian users travel and integrators call the API from abroad; access is controlled by login, not by country.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'Served on the default *.cloudfront.net certificate, whose security policy CloudFront fixes; a custom domain with an ACM certificate (us-east-1) and TLSv1.2_2021 lifts this.',
      },
    ];
    if (!canLog) {
      suppressions.push({
        id: 'AwsSolutions-CFR3',
        reason: `CloudFront cannot deliver standard logs to an S3 bucket in ${region}; API calls are logged by the API Gateway stage and the Lambdas.`,
      });
      // Info, not a warning: nothing to fix short of another region (or a us-east-1 log bucket stack).
      Annotations.of(this).addInfo(`CloudFront access logs are off: CloudFront cannot write standard logs to a bucket in ${region}.`);
    }
    acknowledge(this.distribution, suppressions);
  }

  /** The built web app, when there is one at synth time (a warning otherwise). */
  private deploySite(dist: string): s3deploy.BucketDeployment | undefined {
    if (!fs.existsSync(path.join(dist, 'index.html'))) {
      Annotations.of(this).addWarningV2('computa:web-dist-missing', WEB_DIST_MISSING);
      return undefined;
    }
    const deployment = new s3deploy.BucketDeployment(this, 'DeploySite', {
      sources: [s3deploy.Source.asset(dist)],
      destinationBucket: this.siteBucket,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      prune: true,
    });
    this.suppressDeploymentFindings(deployment);
    return deployment;
  }

  /** The BucketDeployment handler is CDK's own singleton Lambda: its runtime and role are not ours to shape. */
  private suppressDeploymentFindings(deployment: s3deploy.BucketDeployment): void {
    const stack = Stack.of(this);
    const handler = stack.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    const targets: IConstruct[] = [deployment.handlerRole];
    if (handler) targets.push(handler);
    const qualifier =
      (stack.synthesizer instanceof DefaultStackSynthesizer && stack.synthesizer.bootstrapQualifier) ||
      DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    const logicalId = stack.getLogicalId(this.siteBucket.node.defaultChild as CfnElement);
    // cdk-nag renders unresolved pseudo parameters as <AWS::...>.
    const literal = (value: string, pseudo: string) => (Token.isUnresolved(value) ? `<${pseudo}>` : value);
    const partition = literal(stack.partition, 'AWS::Partition');
    const region = literal(stack.region, 'AWS::Region');
    acknowledge(targets, [
      {
        id: `AwsSolutions-IAM4[${LAMBDA_BASIC_EXECUTION_ROLE}]`,
        reason: 'CDK BucketDeployment handler: AWSLambdaBasicExecutionRole only lets it write its own logs.',
      },
      ...findings(
        'AwsSolutions-IAM5',
        [
          'Action::s3:GetBucket*',
          'Action::s3:GetObject*',
          'Action::s3:List*',
          'Action::s3:Abort*',
          'Action::s3:DeleteObject*',
          `Resource::arn:${partition}:s3:::cdk-${qualifier}-assets-<AWS::AccountId>-${region}/*`,
          `Resource::<${logicalId}.Arn>/*`,
          // cloudfront:CreateInvalidation/GetInvalidation, which CDK grants on every distribution.
          'Resource::*',
        ],
        'CDK BucketDeployment handler: reads the uploaded asset from the CDK assets bucket, syncs it into the site bucket and invalidates the distribution; the grants are generated by aws-cdk-lib.',
      ),
      {
        id: 'AwsSolutions-L1',
        reason: 'CDK BucketDeployment handler: its Python runtime is chosen by aws-cdk-lib, not by this app.',
      },
    ]);
  }
}
