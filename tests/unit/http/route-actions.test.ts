import { describe, expect, expectTypeOf, it } from 'vitest';
import { matchRoute, RESOURCES, routeByKey, ROUTES, routeKey, type ActionOf } from '../../../functions/routes.ts';
import { HANDLER_MODULES } from '../../../functions/handlers/index.ts';

/** The type system checks `action` against each module's `actions`; this checks the modules as loaded. */
describe('route table', () => {
  it('resolves every route to an action of its resource module, and every action is routed', async () => {
    const routed = new Set<string>();
    for (const resource of RESOURCES) {
      const mod = (await import(`../../../functions/handlers/${resource}.ts`)) as { actions: Record<string, unknown>; handler: unknown };
      expect(typeof mod.handler, resource).toBe('function');
      expect(typeof (await HANDLER_MODULES[resource]()).handler, resource).toBe('function');
      for (const route of ROUTES.filter((r) => r.resource === resource)) {
        expect(typeof mod.actions[route.action], routeKey(route)).toBe('function');
        routed.add(`${resource}.${route.action}`);
      }
      for (const action of Object.keys(mod.actions)) expect(routed.has(`${resource}.${action}`), `${resource}.${action} has no route`).toBe(true);
    }
  });

  it('finds every route again from a concrete URL, with its path parameters, as API Gateway and the local server do', () => {
    for (const route of ROUTES) {
      // Prepare: a URL as a client would send it.
      const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => `valore-${name}`);
      // Act
      const match = matchRoute(route.method, path);
      // Assess
      expect(match.kind, routeKey(route)).toBe('found');
      if (match.kind !== 'found') continue;
      expect(match.route, routeKey(route)).toBe(route);
      for (const [name] of route.path.matchAll(/\{(\w+)\}/g)) expect(match.params[name.slice(1, -1)]).toBe(`valore-${name.slice(1, -1)}`);
      expect(routeByKey(routeKey(route))).toBe(route);
    }
  });

  it('types each action as a key of its module\u2019s actions', () => {
    expectTypeOf<ActionOf<'auth'>>().toEqualTypeOf<'login' | 'currentUser' | 'logout'>();
    expectTypeOf<'nonEsiste'>().not.toExtend<ActionOf<'documents'>>();
  });

  it('has one route per method and path', () => {
    const keys = ROUTES.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
