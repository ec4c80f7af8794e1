import path from 'node:path';
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { RESOURCE_GRANTS } from '../../functions/resource-grants.ts';
import { Analysis } from './analysis.ts';
import { Api } from './api.ts';
import { REPO_ROOT, type Stage } from './config.ts';
import { Data } from './data.ts';
import { Web } from './web.ts';

export interface ComputaStackProps extends StackProps {
  stage: Stage;
  /** Built web app to deploy; defaults to `<repo>/web/dist`. */
  webDistDir?: string;
  /** ARN of the CloudFront web ACL (Computa-<stage>-edge, us-east-1). */
  webAclArn: string;
}

/** The whole cloud deployment of Computa: data, API (from functions/routes.ts) and web. */
export class ComputaStack extends Stack {
  readonly data: Data;
  readonly api: Api;
  readonly analysis: Analysis;
  readonly web: Web;

  constructor(scope: Construct, id: string, props: ComputaStackProps) {
    super(scope, id, props);
    const { stage } = props;

    this.data = new Data(this, 'Data', { stage });
    this.api = new Api(this, 'Api', { stage, data: this.data });
    this.analysis = new Analysis(this, 'Analysis', { stage, data: this.data });
    for (const [resource, fn] of this.api.functions) {
      if (RESOURCE_GRANTS[resource].enqueue) this.analysis.allowEnqueue(fn);
    }
    this.web = new Web(this, 'Web', {
      stage,
      apiDomainName: this.api.domainName,
      logBucket: this.data.logBucket,
      webAclArn: props.webAclArn,
      webDistDir: props.webDistDir ?? path.join(REPO_ROOT, 'web', 'dist'),
    });

    const siteUrl = `https://${this.web.distribution.distributionDomainName}`;
    // Browsers PUT uploads straight to the data bucket by presigned URL, and GET large files
    // (originals, cloud exports) there: the web's fetch follows the API's 302 to the bucket.
    this.data.allowBrowserUploads([siteUrl]);

    new CfnOutput(this, 'SiteUrl', { value: siteUrl, description: 'Web app (CloudFront)' });
    new CfnOutput(this, 'ApiUrl', { value: this.api.httpApi.apiEndpoint, description: 'HTTP API (direct)' });
    new CfnOutput(this, 'TablePrefix', { value: this.data.tablePrefix, description: 'TABLE_PREFIX of the Lambdas' });
    new CfnOutput(this, 'DataBucketName', { value: this.data.dataBucket.bucketName, description: 'DATA_BUCKET' });
    new CfnOutput(this, 'SigningSecretArn', { value: this.data.signingSecret.secretArn });
    new CfnOutput(this, 'AnalysisQueueUrl', { value: this.analysis.queue.queueUrl });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
  }
}
