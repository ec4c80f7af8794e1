import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logger } from '../config/logger.ts';
import { getContext } from '../config/context.ts';
import { NotFoundError } from '../errors.ts';
import { validateRequest } from './contract.ts';
import { authorize, errorHandler, parseBody, requestContext, type RequestState } from './middleware.ts';
import type { AnyAction, HttpEvent, HttpResult } from './types.ts';

/**
 * One Lambda per resource: API Gateway names the route in `routeKey`, the table in routes.ts
 * names the action, and the module's `actions` map runs it. Middlewares run in order; the
 * error handler's onError turns any failure into JSON:API errors.
 *
 * middy's onError runs in reverse order of `use`, so the error handler (used right after the
 * logger's context) has the last word on the response while the log keys are still set.
 * Bodies: our own parser (JSON, multipart, urlencoded, one 6 MB limit, Italian errors): middy's
 * multipart parser is v7 only, which needs Node 22 (this project runs on Node 20 locally).
 */
export function resourceHandler(actions: Record<string, AnyAction>) {
  const base = async (_event: HttpEvent, context: RequestState): Promise<HttpResult> => {
    const route = context.route;
    const action = route && actions[route.action];
    if (!action || !action.routes.includes(route.key)) throw new NotFoundError();
    // validateRequest checked the input against the route's contract: it is the action's InputOf.
    return action(context.api as never, getContext());
  };
  return middy<HttpEvent, HttpResult, Error, RequestState>(base as never)
    // Lambda context (awsRequestId as function_request_id) on every log line; requestContext adds
    // the API Gateway request id as request_id. Keys reset per call.
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(errorHandler())
    .use(httpHeaderNormalizer())
    .use(requestContext())
    // Who calls is known before the body is parsed: an anonymous multipart costs nothing.
    .use(authorize())
    .use(parseBody())
    // The shape of params, query and body, by the route's contract (shared/api).
    .use(validateRequest());
}
