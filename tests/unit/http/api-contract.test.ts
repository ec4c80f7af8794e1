import { execSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { amountMessage } from '../../../shared/domain/amounts.ts';
import { CONTRACT, contractOf, type RouteContract } from '../../../shared/api/index.ts';
import { PASSWORD_TOO_SHORT } from '../../../shared/security/passwords.ts';
import { ROUTES, routeKey } from '../../../functions/routes.ts';

/** The contract (shared/api) covers the route table exactly, and its own examples obey it. */
describe('API contract', () => {
  it('has one entry per route of functions/routes.ts, and none more', () => {
    const keys = ROUTES.map(routeKey);
    expect(keys.filter((k) => !contractOf(k))).toEqual([]);
    expect(Object.keys(CONTRACT).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('describes every path parameter of each route', () => {
    for (const route of ROUTES) {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const c = contractOf(routeKey(route))!;
      expect(Object.keys(c.params?.shape ?? {}).sort(), routeKey(route)).toEqual(names);
    }
  });

  it('gives every JSON answer a schema and an example that parses with it', () => {
    for (const [key, c] of Object.entries(CONTRACT) as Array<[string, RouteContract]>) {
      if (c.produces) continue;
      expect(c.response, key).toBeDefined();
      expect(c.example, key).toBeDefined();
      const parsed = c.response!.safeParse(c.example);
      expect(parsed.success, `${key}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it('gives every body an example that parses with its schema', () => {
    for (const [key, c] of Object.entries(CONTRACT) as Array<[string, RouteContract]>) {
      if (!c.body || c.requestExample === undefined) continue;
      const parsed = c.body.safeParse(c.requestExample);
      expect(parsed.success, `${key}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it('documents only Italian error details the server really writes', () => {
    // The schemas' own messages (shared/api) count, without the `errors` maps that only document them.
    const schemas = execSync("git ls-files -z 'shared/api/*.ts' | xargs -0 cat", { maxBuffer: 1e8 })
      .toString()
      .replace(/\b(?:errors|\w*[eE]rror)\s*[:=]\s*\{[^}]*\}/g, '');
    const source = execSync("git ls-files -z 'functions/*.ts' 'functions/**/*.ts' 'shared/domain/*.ts' 'shared/domain/**/*.ts' | xargs -0 cat", { maxBuffer: 1e8 }).toString() + schemas;
    // Details built from a template, spelled out as the server builds them.
    const built = new Set([amountMessage('not_a_number', 'quantità'), PASSWORD_TOO_SHORT]);
    const unknown: string[] = [];
    for (const [key, c] of Object.entries(CONTRACT) as Array<[string, RouteContract]>) {
      for (const [status, detail] of Object.entries(c.errors ?? {})) {
        const escaped = detail.replace(/\u2019/g, '\\u2019');
        if (!built.has(detail) && !source.includes(detail) && !source.includes(escaped)) unknown.push(`${key} ${status}: ${detail}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
