/**
 * The Content-Security-Policy of every HTML response, locally and through CloudFront.
 * PrimeReact positions overlays with inline styles, so style-src needs 'unsafe-inline';
 * scripts come only from our own origin (Vite emits no inline script).
 */
export function contentSecurityPolicy(connectSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...connectSources].join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** In the cloud, large files go to S3 by presigned URL: the browser PUTs to the bucket's origin. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy(['https://*.amazonaws.com']);
