import { describe, expect, expectTypeOf, it } from 'vitest';
import { matchRoute, RESOURCES, routeByKey, ROUTES, routeKey, type ActionFor, type ActionOf } from '../../../functions/routes.ts';
import { defineRoute, type InputOf } from '../../../functions/http/types.ts';
import { ok } from '../../../functions/http/respond.ts';
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

  it('types each action\u2019s input by its route\u2019s contract, and gives a route only an action defined for it', () => {
    // The contract's OUTPUT: an id parsed to a number, fields as the schemas turn them (functions/http/contract.ts hands over the parsed input).
    expectTypeOf<InputOf<'GET /api/rows/{id}'>['params']>().toEqualTypeOf<{ id: number }>();
    // An amount typed "1.234,56" arrives as a number (shared/api/common.ts optionalAmountOf).
    expectTypeOf<InputOf<'PUT /api/rows/{id}'>['body']['quantita']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<InputOf<'PUT /api/rows/{id}'>['body']['base_version']>().toEqualTypeOf<number | undefined>();
    // An enum stays an enum: a value outside it never reaches the handler ("Seleziona uno stato valido" is the schema's).
    expectTypeOf<InputOf<'PUT /api/documents/{id}/status'>['body']['status']>().toEqualTypeOf<'completed' | 'processing' | 'failed'>();
    expectTypeOf<InputOf<'GET /api/documents/{id}/comparison'>['query']['with']>().toEqualTypeOf<number[]>();
    expectTypeOf<InputOf<'PUT /api/documents/{id}/verification'>['headers']['if-match']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<InputOf<'POST /api/upload-prezzario-dei'>['files']>().toEqualTypeOf<{ file?: import('../../../functions/http/types.ts').UploadedFile }>();
    // A field the contract does not declare does not compile.
    // @ts-expect-error: PUT /api/rows/{id} declares no `colore`
    defineRoute('PUT /api/rows/{id}', async (req) => ok({ colore: req.body.colore }));
    // @ts-expect-error: GET /api/rows/{id} has no body
    defineRoute('GET /api/rows/{id}', async (req) => ok({ x: req.body.quantita }));
    // The table's entry must name the action defined for its route.
    expectTypeOf<ActionFor<'rows', 'PUT /api/rows/{id}'>>().toEqualTypeOf<'update'>();
    expectTypeOf<ActionFor<'admin-users', 'POST /register'>>().toEqualTypeOf<'register'>();
    expectTypeOf<ActionFor<'prezzari', 'POST /api/confirm-prezzario-dei'>>().toEqualTypeOf<'confirmDei'>();
  });

  it('has one route per method and path', () => {
    const keys = ROUTES.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
