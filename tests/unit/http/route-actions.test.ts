import { describe, expect, it } from 'vitest';
import { RESOURCES, ROUTES, routeKey } from '../../../functions/routes.ts';
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

  it('has one route per method and path', () => {
    const keys = ROUTES.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
