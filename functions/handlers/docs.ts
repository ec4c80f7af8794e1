import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import path from 'node:path';
import { contentSecurityPolicy } from '../../shared/security/csp.ts';
import { NotFoundError } from '../errors.ts';
import { openApiDocument } from '../http/openapi.ts';
import { resourceHandler } from '../http/resource.ts';
import { defineRoute, type HttpResult } from '../http/types.ts';

/**
 * GET /api/openapi.json, GET /api/docs and its assets: the API describes itself.
 *
 * The page is Swagger UI (swagger-ui-dist, no dependencies, works offline), served from our own
 * origin so it runs under the app's Content-Security-Policy (script-src 'self'): the bundle and
 * the small start script are files, the page's configuration is a data attribute, and the
 * online spec validator is switched off (no call leaves the origin).
 */
const OPENAPI_PATH = '/api/openapi.json';

const PAGE = `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Computa API: guida di riferimento</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui" data-spec-url="${OPENAPI_PATH}"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/docs.js"></script>
</body>
</html>
`;

const START_SCRIPT = `(function () {
  var el = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({
    url: el.getAttribute('data-spec-url'),
    domNode: el,
    deepLinking: true,
    validatorUrl: null,
    withCredentials: true,
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true
  });
})();
`;

/** The renderer's files, read from node_modules (the Lambda bundle must ship swagger-ui-dist). */
function rendererDir(): string {
  try {
    return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  } catch {
    // In the Lambda bundle the files sit beside the code (infra/cloud/api.ts copies them there).
    return path.join(path.dirname(fileURLToPath(import.meta.url)), 'swagger-ui-dist');
  }
}

const ASSETS: Record<string, { file?: string; text?: string; type: string }> = {
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'docs.js': { text: START_SCRIPT, type: 'text/javascript; charset=utf-8' },
};
const loaded = new Map<string, string>();

const openapi = defineRoute('GET /api/openapi.json', async () => ({
  statusCode: 200,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' },
  body: JSON.stringify(openApiDocument()),
}));

const page = defineRoute('GET /api/docs', async (): Promise<HttpResult> => ({
  statusCode: 200,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'content-security-policy': contentSecurityPolicy() },
  body: PAGE,
}));

const asset = defineRoute('GET /api/docs/{asset}', async (req) => {
  const name = req.params.asset;
  const entry = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!entry) throw new NotFoundError();
  let body = loaded.get(name);
  if (body === undefined) {
    body = entry.text ?? fs.readFileSync(path.join(rendererDir(), entry.file!), 'utf8');
    loaded.set(name, body);
  }
  return { statusCode: 200, headers: { 'content-type': entry.type, 'cache-control': 'public, max-age=3600' }, body };
});

export const actions = { openapi, page, asset };
export const handler = resourceHandler(actions);
