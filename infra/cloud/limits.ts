import { ROUTES, routeKey } from '../../functions/routes.ts';

export interface Throttle {
  /** Steady requests per second (all callers together: API Gateway throttles per stage and route, not per IP). */
  rateLimit: number;
  burstLimit: number;
}

/** Every route of the HTTP API stage. */
export const STAGE_THROTTLE: Throttle = { rateLimit: 100, burstLimit: 200 };

/**
 * Routes worth abusing get stricter limits, on the API stage and in the CloudFront web ACL:
 * the login (password guessing) and the uploads (each one costs an analysis, maybe Textract; a
 * preview reads a whole spreadsheet).
 */
export const SENSITIVE_ROUTES: Record<string, Throttle> = {
  'POST /api/auth/login': { rateLimit: 10, burstLimit: 20 },
  'POST /api/upload': { rateLimit: 5, burstLimit: 10 },
  'POST /api/upload/presign': { rateLimit: 5, burstLimit: 10 },
  'POST /api/upload/complete': { rateLimit: 5, burstLimit: 10 },
  'POST /api/upload/preview': { rateLimit: 5, burstLimit: 10 },
};

/** Paths of the sensitive routes (the web ACL matches paths, not methods). */
export function sensitivePaths(): string[] {
  const known = new Map(ROUTES.map((route) => [routeKey(route), route.path]));
  return [
    ...new Set(
      Object.keys(SENSITIVE_ROUTES).map((key) => {
        const path = known.get(key);
        if (!path) throw new Error(`SENSITIVE_ROUTES: "${key}" is not in functions/routes.ts`);
        return path;
      }),
    ),
  ];
}

/**
 * AWS WAF rate-based rules (requests per IP in a 5-minute window): one for the whole site, a
 * stricter one for the sensitive paths.
 */
export const WAF_RATE_LIMITS = {
  windowSeconds: 300,
  perIp: 3000,
  sensitivePerIp: 100,
} as const;
