import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag 3 reads CDK's native acknowledgments (`Validations.of(x).acknowledge`): an id is one
 * rule (`AwsSolutions-S1`) or one finding of a granular rule (`AwsSolutions-IAM5[Resource::...]`),
 * matched exactly on the resource or any of its parents. No patterns: every finding is named.
 */
export interface Acknowledgment {
  id: string;
  reason: string;
}

export function acknowledge(scopes: IConstruct | IConstruct[], rules: Acknowledgment[]): void {
  for (const scope of Array.isArray(scopes) ? scopes : [scopes]) {
    Validations.of(scope).acknowledge(...rules);
  }
}

/** One acknowledgment per finding of a granular rule, all with the same reason. */
export const findings = (rule: string, ids: string[], reason: string): Acknowledgment[] =>
  ids.map((id) => ({ id: `${rule}[${id}]`, reason }));

export const LAMBDA_BASIC_EXECUTION_ROLE =
  'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole';
