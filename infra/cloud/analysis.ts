import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Stage } from './config.ts';
import type { Data } from './data.ts';
import { nodeFunction } from './lambda.ts';
import { DEAD_LETTER_GRANTS, WORKER_GRANTS } from '../../functions/resource-grants.ts';
import { acknowledge } from './nag.ts';

/** Worker source, relative to the repository root (functions/worker/analysis.ts exports `handler`). */
export const ANALYSIS_WORKER_ENTRY = 'functions/worker/analysis.ts';
/** functions/analysis/page-reader.ts starts `./page-reader-thread.mjs` beside itself: in the bundle, beside the handler. */
export const PAGE_READER_THREAD = { entry: 'functions/analysis/page-reader-main.ts', outfile: 'page-reader-thread.mjs' };
/** Dead-letter handler source (functions/worker/dead-letter.ts exports `handler`). */
export const DEAD_LETTER_ENTRY = 'functions/worker/dead-letter.ts';

export interface AnalysisProps {
  stage: Stage;
  data: Data;
}

/**
 * Upload -> SQS -> worker Lambda: pdf.js reads the text layer, Textract the scanned pages. The
 * worker ends every document completed or failed before its own timeout; a message that still
 * fails (a crash) goes to the dead-letter queue after two tries, where a small handler marks its
 * document failed; alarms say when that happens or when the handler itself fails.
 */
export class Analysis extends Construct {
  readonly queue: sqs.Queue;
  readonly worker: nodejs.NodejsFunction;
  readonly deadLetters: sqs.Queue;
  readonly deadLetterHandler: nodejs.NodejsFunction;
  readonly alarms: cloudwatch.Alarm[];

  constructor(scope: Construct, id: string, props: AnalysisProps) {
    super(scope, id);
    const { stage, data } = props;

    const deadLetters = (this.deadLetters = new sqs.Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    }));
    this.queue = new sqs.Queue(this, 'Queue', {
      // Longer than the worker's timeout, so a running job is never handed out twice.
      visibilityTimeout: Duration.minutes(16),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: deadLetters, maxReceiveCount: 2 },
    });
    this.worker = this.analysisWorker(stage, data);
    this.deadLetterHandler = nodeFunction(this, 'dead-letter', {
      stage,
      data,
      description: `Computa ${stage}: dead-lettered analyses -> documents failed`,
      entry: DEAD_LETTER_ENTRY,
      // Below the dead-letter queue's 30 s visibility timeout.
      timeout: Duration.seconds(20),
      memorySize: 256,
      grants: DEAD_LETTER_GRANTS,
    });
    this.deadLetterHandler.addEventSource(new SqsEventSource(deadLetters, { batchSize: 10 }));
    this.alarms = this.deadLetterAlarms(stage);

    acknowledge(deadLetters, [{ id: 'AwsSolutions-SQS3', reason: 'This is the dead-letter queue itself.' }]);
    acknowledge(this.worker.role!, [
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'Textract asynchronous text detection has no resource-level permissions.',
      },
    ]);
  }

  /** The queue's Lambda (functions/worker/analysis.ts `handler`), one message at a time, with Textract. */
  private analysisWorker(stage: Stage, data: Data): nodejs.NodejsFunction {
    const worker = nodeFunction(this, 'worker', {
      stage,
      data,
      description: `Computa ${stage}: analysis worker (PDF -> rows)`,
      entry: ANALYSIS_WORKER_ENTRY,
      timeout: Duration.minutes(15),
      // pdf.js is CPU-bound: Lambda CPU grows with memory.
      memorySize: 3008,
      grants: WORKER_GRANTS,
      // 3008 MB gives two vCPUs: the page thread reads half of each PDF on the second one.
      threadEntries: [PAGE_READER_THREAD],
    });
    worker.addEventSource(new SqsEventSource(this.queue, { batchSize: 1 }));
    worker.addToRolePolicy(
      new iam.PolicyStatement({
        // Textract's asynchronous text detection has no resource-level permissions.
        actions: ['textract:StartDocumentTextDetection', 'textract:GetDocumentTextDetection'],
        resources: ['*'],
      }),
    );
    return worker;
  }

  /** Any occurrence in 5 minutes is worth a look (no action yet: operators subscribe as they see fit). */
  private deadLetterAlarms(stage: Stage): cloudwatch.Alarm[] {
    const period = Duration.minutes(5);
    const anyOf = (id: string, what: string, metric: cloudwatch.IMetric) =>
      new cloudwatch.Alarm(this, id, {
        alarmDescription: `Computa ${stage}: ${what}`,
        metric,
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    return [
      anyOf(
        'DeadLettersVisible',
        'analysis messages wait in the dead-letter queue (its handler is failing or behind).',
        this.deadLetters.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
      ),
      anyOf(
        'AnalysesDeadLettered',
        "an analysis crashed twice and its document was marked failed (see the worker's logs).",
        this.deadLetterHandler.metricInvocations({ period, statistic: 'Sum' }),
      ),
      anyOf(
        'DeadLetterHandlerErrors',
        'the dead-letter handler fails: documents may stay processing.',
        this.deadLetterHandler.metricErrors({ period, statistic: 'Sum' }),
      ),
    ];
  }

  /** Lets a function queue analyses and tells it where (ANALYSIS_QUEUE_URL). */
  allowEnqueue(fn: nodejs.NodejsFunction): void {
    this.queue.grantSendMessages(fn);
    fn.addEnvironment('ANALYSIS_QUEUE_URL', this.queue.queueUrl);
  }
}
