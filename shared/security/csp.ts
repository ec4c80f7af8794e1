/**
 * THE Content-Security-Policy of the web app, sent by CloudFront (infra/cloud/web.ts, through
 * its response headers policy) and by the local server. Pure: no imports, no I/O.
 *
 * - style-src 'unsafe-inline': PrimeReact positions overlays and dialogs with inline styles.
 * - connect-src https://*.amazonaws.com: in the cloud, large uploads are PUT straight to the S3
 *   bucket by presigned URL, and large downloads follow a redirect to a presigned S3 GET.
 * - worker-src blob:: pdf.js runs its worker from a blob URL.
 * - No inline scripts: web/index.html loads one module script from the same origin.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'https://*.amazonaws.com'],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
} as const satisfies Record<string, readonly string[]>;

export type CspDirective = keyof typeof CSP_DIRECTIVES;

/** Renders directives as a header value: `default-src 'self'; script-src 'self'; ...`. */
export const renderCsp = (directives: Partial<Record<CspDirective, readonly string[]>>): string =>
  Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources!.join(' ')}`)
    .join('; ');

/** The header value, as CloudFront sends it. */
export const CONTENT_SECURITY_POLICY = renderCsp(CSP_DIRECTIVES);

/**
 * The same policy with more connect-src origins. (The local server needs none: the browser
 * reaches its file store through the app's own origin.)
 */
export const contentSecurityPolicy = (extraConnectSrc: readonly string[] = []): string =>
  extraConnectSrc.length
    ? renderCsp({ ...CSP_DIRECTIVES, 'connect-src': [...CSP_DIRECTIVES['connect-src'], ...extraConnectSrc] })
    : CONTENT_SECURITY_POLICY;
