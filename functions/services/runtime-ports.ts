/**
 * The jobs the services hand to the runtime, typed. functions/config/context.ts sits below the
 * services and names no job: its `AppConfig` takes the port types as parameters. The entry
 * points build a `ServicesConfig` (infra/local/runtime.ts; the Lambdas' configFromEnv, whose SQS
 * queue takes any job), so the ports the services call here take the jobs they send.
 */
import type { AppConfig, AppContext } from '../config/context.ts';
import type { AnalysisQueue } from './analysis-queue.ts';
import type { ExportFile, ParseFile } from './parse-jobs.ts';

/** The config every entry point builds: the analysis queue, and (locally) the parse on an analysis thread. */
export type ServicesConfig = AppConfig<AnalysisQueue, ParseFile, ExportFile>;

/** The runtime's ports, as the entry points typed them when they built the config. */
export function runtimePorts(ctx: AppContext): Pick<ServicesConfig, 'enqueue' | 'parseFile' | 'exportFile'> {
  const config = ctx.config as ServicesConfig;
  return { enqueue: config.enqueue, parseFile: config.parseFile, exportFile: config.exportFile };
}
