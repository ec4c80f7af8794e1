import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manodoperaComputo } from '../support/manodopera-computo.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime, type TestRuntime } from '../support/runtime.ts';

let rt: TestRuntime;
let api: ReturnType<typeof apiClient>;
let token: string;
let documentId: number;

type Row = Record<string, any>;

async function rowsAndTotals(): Promise<{ rows: Row[]; totals: Row }> {
  const res = await api('GET', `/api/documents/${documentId}/rows?per_page=50000`, { token });
  expect(res.status).toBe(200);
  return { rows: (res.json.data as Array<{ attributes: Row }>).map((r) => r.attributes), totals: res.json.meta.totals };
}
const byCode = (rows: Row[], code: string) => rows.find((r) => r.tariffa === code)!;

beforeAll(async () => {
  rt = await startTestRuntime();
  api = apiClient(rt.url);
  token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
  documentId = await manodoperaComputo(rt.url, token);
}, 180_000);

afterAll(async () => {
  await rt?.close();
});

describe('manodopera e sicurezza (issue 39)', () => {
  it('gives every priced voce the article incidence and its labour cost', async () => {
    // Act
    const { rows } = await rowsAndTotals();
    // Assess
    expect(rows).toHaveLength(4);
    expect(byCode(rows, 'TOS25_01.A03.001.001')).toMatchObject({ totale: 1363, incidenza_manodopera: 40.36, costo_manodopera: 550.11, fonte_manodopera: 'prezzario', sicurezza: false });
    expect(byCode(rows, 'TOS25_01.A03.001.001').price_source).toMatchObject({ incidenza_manodopera: 40.36, incidenza_sicurezza: 0.56 });
    expect(byCode(rows, 'TOS25_17.N05.002.013')).toMatchObject({ totale: 348, incidenza_manodopera: 26.86, costo_manodopera: 93.47 });
    expect(byCode(rows, 'TOS25_18.W01.001.002')).toMatchObject({ incidenza_manodopera: null, costo_manodopera: null, fonte_manodopera: null });
  });

  it('marks a safety voce through PUT, rebuilds the quadro by hand, and undoes', async () => {
    // Prepare
    const { rows } = await rowsAndTotals();
    const safety = byCode(rows, 'SIC.01');
    // Act
    const put = await api('PUT', `/api/rows/${safety.id}`, { token, body: { sicurezza: true, base_version: safety.version } });
    const { totals } = await rowsAndTotals();
    // Assess: 1363 + 348 + 1467,40 + 500 = 3678,40; labour 550,1068 → 550,11 and 93,4728 → 93,47.
    expect(put.status).toBe(200);
    expect(put.json.data.attributes).toMatchObject({ sicurezza: true, costo_manodopera: null });
    expect(totals.manodopera).toEqual({
      importo_totale: 3678.4,
      costo_manodopera: 643.58,
      incidenza_manodopera: 17.5, // 643,58 / 3678,40 = 17,496…%
      voci_senza_manodopera: { count: 1, row_ids: [byCode(rows, 'TOS25_18.W01.001.002').id] },
      oneri_sicurezza: 500,
      voci_sicurezza: 1,
      importo_soggetto_a_ribasso: 2534.82, // 3678,40 − 643,58 − 500
    });
    // Undo: the voce is no safety cost again, the whole amount is subject to discount but for labour.
    const undo = await api('POST', `/api/documents/${documentId}/undo`, { token, body: {} });
    expect(undo.status).toBe(200);
    const after = await rowsAndTotals();
    expect(byCode(after.rows, 'SIC.01').sicurezza).toBe(false);
    expect(after.totals.manodopera).toMatchObject({ oneri_sicurezza: 0, voci_senza_manodopera: { count: 2 } });
  });

  it('takes an incidence typed by hand, keeps it through a re-price, refuses one over 100%', async () => {
    // Prepare
    const { rows } = await rowsAndTotals();
    const voce = byCode(rows, 'TOS25_18.W01.001.002');
    // Act
    const typed = await api('PUT', `/api/rows/${voce.id}`, { token, body: { incidenza_manodopera: '12,5' } });
    const wrong = await api('PUT', `/api/rows/${voce.id}`, { token, body: { incidenza_manodopera: 140 } });
    const reprice = await api('PUT', `/api/rows/${voce.id}`, { token, body: { refresh_price: true } });
    // Assess: 1467,40 × 12,5% = 183,425 → 183,43
    expect(typed.status).toBe(200);
    expect(typed.json.data.attributes).toMatchObject({ incidenza_manodopera: 12.5, costo_manodopera: 183.43, fonte_manodopera: 'manuale' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors[0].detail).toContain('percentuale da 0 a 100');
    expect(reprice.json.data.attributes).toMatchObject({ incidenza_manodopera: 12.5, fonte_manodopera: 'manuale' });
  });
});
