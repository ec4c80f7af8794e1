import { Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { Stage } from './config.ts';
import { sensitivePaths, WAF_RATE_LIMITS } from './limits.ts';

/** A web ACL for CloudFront (scope CLOUDFRONT) can only be created in us-east-1. */
export const EDGE_REGION = 'us-east-1';

export interface EdgeStackProps extends StackProps {
  stage: Stage;
}

/** What a blocked caller reads: the API's JSON:API error shape, in Italian. */
export const RATE_LIMITED_BODY = JSON.stringify({
  errors: [{ status: '429', code: 'too_many_requests', title: 'Troppe richieste', detail: 'Troppe richieste da questo indirizzo: riprova tra qualche minuto.' }],
});

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

const pathIs = (path: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'EXACTLY',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const anyOf = (statements: wafv2.CfnWebACL.StatementProperty[]): wafv2.CfnWebACL.StatementProperty =>
  statements.length === 1 ? statements[0] : { orStatement: { statements } };

const blockWith429: wafv2.CfnWebACL.RuleActionProperty = {
  block: { customResponse: { responseCode: 429, customResponseBodyKey: 'rate-limited' } },
};

/**
 * `Computa-<stage>-edge`, in us-east-1: the web ACL in front of the CloudFront distribution
 * (the main stack reads its ARN through CDK's cross-region references). Rate-based rules per
 * client IP: a stricter one on the login and upload paths, a looser one on everything.
 *
 * The HTTP API itself cannot carry a web ACL (AWS WAF associates with REST APIs, not HTTP APIs):
 * it is protected by this ACL on the CloudFront path plus the stage's throttling (api.ts).
 */
export class EdgeStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const prefix = `computa-${props.stage}`;
    const window = WAF_RATE_LIMITS.windowSeconds;

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `${prefix}-web`,
      description: `Computa ${props.stage}: rate limits in front of CloudFront`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${prefix}-web`),
      customResponseBodies: { 'rate-limited': { contentType: 'APPLICATION_JSON', content: RATE_LIMITED_BODY } },
      rules: [
        {
          name: 'rate-login-upload',
          priority: 0,
          action: blockWith429,
          statement: {
            rateBasedStatement: {
              aggregateKeyType: 'IP',
              evaluationWindowSec: window,
              limit: WAF_RATE_LIMITS.sensitivePerIp,
              scopeDownStatement: anyOf(sensitivePaths().map(pathIs)),
            },
          },
          visibilityConfig: visibility(`${prefix}-rate-login-upload`),
        },
        {
          name: 'rate-all',
          priority: 1,
          action: blockWith429,
          statement: { rateBasedStatement: { aggregateKeyType: 'IP', evaluationWindowSec: window, limit: WAF_RATE_LIMITS.perIp } },
          visibilityConfig: visibility(`${prefix}-rate-all`),
        },
      ],
    });
  }
}
