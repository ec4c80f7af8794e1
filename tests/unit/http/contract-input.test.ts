/** functions/http/contract.ts hands the action its input PARSED by the route's contract (shared/api). */
import { describe, expect, it } from 'vitest';
import { validateRequest } from '../../../functions/http/contract.ts';
import { routeByKey, type RouteKey } from '../../../functions/routes.ts';
import { SOGLIA_ERROR } from '../../../shared/domain/verification/types.ts';
import type { ApiRequest } from '../../../functions/http/types.ts';

/** Runs the middleware on a request to `key` and answers the input the action would receive. */
async function parsed(key: RouteKey, input: Partial<Pick<ApiRequest, 'params' | 'query' | 'body' | 'headers'>>) {
  const api = { requestId: 't', params: {}, query: {}, body: {}, headers: {}, files: {}, ...input } as unknown as ApiRequest;
  const request = { context: { api, route: routeByKey(key) } } as never;
  await validateRequest().before!(request);
  return api as unknown as Record<'params' | 'query' | 'body' | 'headers', Record<string, unknown>>;
}

describe('the contract hands over parsed input', () => {
  it('gives the comparison its ids as numbers: with=2,3 arrives as [2, 3], the path id as 7', async () => {
    // Act
    const input = await parsed('GET /api/documents/{id}/comparison', { params: { id: '7' }, query: { with: '2, 3,2' } });
    // Assess
    expect(input.params.id).toBe(7);
    expect(input.query.with).toEqual([2, 3]);
  });

  it('gives a threshold as a number and If-Match as a version', async () => {
    // Act
    const input = await parsed('PUT /api/documents/{id}/verification', { params: { id: '7' }, body: { soglia: '12,5' }, headers: { 'if-match': 'W/"4"' } });
    // Assess
    expect(input.body.soglia).toBe(12.5);
    expect(input.headers['if-match']).toBe(4);
  });

  it('never hands over an invalid threshold: reading it is the Italian 400, the action goes no further', async () => {
    // Act
    const input = await parsed('GET /api/documents/{id}/verification', { params: { id: '7' }, query: { soglia: 'abc' } });
    // Assess
    expect(input.params.id).toBe(7);
    expect(() => input.query.soglia).toThrow(expect.objectContaining({ status: 400, detail: SOGLIA_ERROR }));
  });

  it('answers a stale If-Match with 412 and a field of the wrong type at once', async () => {
    // Act
    const stale = await parsed('PUT /api/documents/{id}/verification', { params: { id: '7' }, body: { soglia: 20 }, headers: { 'if-match': 'abc' } });
    const wrong = parsed('PUT /api/documents/{id}/verification', { params: { id: '7' }, body: { soglia: true } });
    // Assess
    expect(() => stale.headers['if-match']).toThrow(expect.objectContaining({ status: 412 }));
    await expect(wrong).rejects.toMatchObject({ status: 400, detail: 'Campo non valido: soglia (atteso un numero o un testo)' });
  });
});
