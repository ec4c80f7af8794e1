import { FONT_FILES } from '../../functions/export/fonts.ts';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { handlerEntry } from '../../functions/handlers/index.ts';
import { RESOURCE_GRANTS } from '../../functions/resource-grants.ts';
import { RESOURCES, ROUTES, routeKey, type Resource } from '../../functions/routes.ts';
import type { Stage } from './config.ts';
import { nodeFunction } from './lambda.ts';
import { SENSITIVE_ROUTES, STAGE_THROTTLE } from './limits.ts';
import type { Data } from './data.ts';
import { acknowledge } from './nag.ts';

export interface ApiProps {
  stage: Stage;
  data: Data;
}

/** One NodejsFunction per resource in RESOURCES, and one HTTP API route per entry of ROUTES. */
export class Api extends Construct {
  readonly functions = new Map<Resource, nodejs.NodejsFunction>();
  readonly httpApi: apigwv2.HttpApi;
  /** `${apiId}.execute-api.${region}.${urlSuffix}`: the CloudFront origin. */
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { stage, data } = props;
    for (const resource of RESOURCES) this.functions.set(resource, this.handlerFunction(resource, stage, data));
    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: `computa-${stage}`,
      description: `Computa ${stage} API (routes from functions/routes.ts)`,
      createDefaultStage: false,
    });
    const defaultStage = this.defaultStage(stage);
    const { routes, throttled } = this.routes();

    // AWS WAF cannot be associated with an HTTP API (only with REST APIs): the API is protected by
    // the CloudFront web ACL (edge.ts) on the way through CloudFront, and by this stage throttling.
    // Stricter per-route limits (the stage's RouteSettings; HttpStage has no prop for them). The
    // stage must wait for its routes, or CloudFormation may create it before the keys exist.
    if (throttled.length !== Object.keys(SENSITIVE_ROUTES).length) throw new Error('SENSITIVE_ROUTES names a route that is not in functions/routes.ts');
    const cfnStage = defaultStage.node.defaultChild as apigwv2.CfnStage;
    cfnStage.routeSettings = Object.fromEntries(
      Object.entries(SENSITIVE_ROUTES).map(([key, t]) => [key, { ThrottlingRateLimit: t.rateLimit, ThrottlingBurstLimit: t.burstLimit }]),
    );
    for (const route of throttled) cfnStage.node.addDependency(route);

    const stack = Stack.of(this);
    this.domainName = `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;

    acknowledge(routes, [
      {
        id: 'AwsSolutions-APIG4',
        reason:
          "No API Gateway authorizer: the Lambda middleware enforces each route's `access` from the same route table (functions/routes.ts). No Cognito either: the app issues its own revocable EdDSA session JWTs and hashed API keys.",
      },
    ]);
  }

  private handlerFunction(resource: Resource, stage: Stage, data: Data): nodejs.NodejsFunction {
    return nodeFunction(this, resource, {
      stage,
      data,
      description: `Computa ${stage}: ${resource} API handler`,
      entry: handlerEntry(resource),
      // API Gateway gives up at 30 s: stop just before, so the error is ours and logged.
      timeout: Duration.seconds(29),
      memorySize: 1024,
      grants: RESOURCE_GRANTS[resource],
      // The API reference page serves Swagger UI's files, read at run time (functions/handlers/docs.ts).
      ...(resource === 'docs' ? { packageFiles: { pkg: 'swagger-ui-dist', files: ['swagger-ui-bundle.js', 'swagger-ui.css'] } } : {}),
      // The printed reports embed pdf.js's Liberation Sans, read at run time (functions/export/fonts.ts).
      ...(resource === 'documents' ? { packageFiles: { pkg: 'pdfjs-dist', files: Object.values(FONT_FILES).map((f) => `standard_fonts/${f}`) } } : {}),
    });
  }

  /** The `$default` stage: stage throttling and JSON access logs. */
  private defaultStage(stage: Stage): apigwv2.HttpStage {
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: stage === 'prod' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    return new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: STAGE_THROTTLE,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });
  }

  /** One HTTP API route per entry of ROUTES, to its resource's Lambda; `throttled`: those in SENSITIVE_ROUTES. */
  private routes(): { routes: apigwv2.HttpRoute[]; throttled: apigwv2.HttpRoute[] } {
    const integrations = new Map<Resource, HttpLambdaIntegration>();
    for (const resource of RESOURCES) {
      integrations.set(
        resource,
        new HttpLambdaIntegration(`${resource}-integration`, this.functions.get(resource)!, {
          payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
        }),
      );
    }
    const routes: apigwv2.HttpRoute[] = [];
    const throttled: apigwv2.HttpRoute[] = [];
    for (const route of ROUTES) {
      // API Gateway path parameters use the same `{id}` syntax as the route table.
      const httpRoute = new apigwv2.HttpRoute(this, `Route ${route.method} ${route.path}`, {
        httpApi: this.httpApi,
        routeKey: apigwv2.HttpRouteKey.with(route.path, apigwv2.HttpMethod[route.method]),
        integration: integrations.get(route.resource)!,
      });
      routes.push(httpRoute);
      if (routeKey(route) in SENSITIVE_ROUTES) throttled.push(httpRoute);
    }
    return { routes, throttled };
  }
}
