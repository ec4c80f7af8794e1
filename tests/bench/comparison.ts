/**
 * Comparison benchmark (issue 23, "Confronto tra computi"):
 *
 *   npm run bench:confronto [voci]
 *
 * Two documents of 5,000 voci (default): a computo in 40 chapters (codes repeated across
 * chapters, some voci without code) and its variante (a fifth of the quantities changed, prices
 * changed, 3% removed, 3% added, 2% of the codes with a new price-list year, 1% split in two, the
 * chapters in reverse order). Prints the pairing alone (the pure rule, median of 5 runs) and the
 * comparison through the API on the real embedded runtime (rows read from the table on the first
 * call, from this instance's memory after), plus the Excel export, each beside its goal.
 */
import { compareDocuments, type ComparisonRow } from '../../shared/domain/comparison.ts';
import { newDocumentId, putDocument } from '../../functions/storage/repositories/documents.ts';
import { insertRows } from '../../functions/storage/repositories/rows.ts';
import { ADMIN_PASSWORD, apiClient, loginAs, startTestRuntime } from '../support/runtime.ts';

const VOCI = Number(process.argv[2] ?? 5000);
const CHAPTERS = 40;
const GOAL_MS = 1000;

const WORKS = ['Scavo a sezione obbligata', 'Calcestruzzo per fondazioni classe C25/30', 'Muratura in blocchi di laterizio', 'Intonaco civile per interni', 'Tinteggiatura con idropittura', 'Pavimento in gres porcellanato', 'Massetto in sabbia e cemento', 'Tubazione in PVC', 'Pozzetto prefabbricato', 'Serramento in alluminio', 'Impermeabilizzazione con guaina', 'Controsoffitto in cartongesso'];
const UNITS = ['m²', 'm³', 'm', 'cad', 'kg'];

/** A deterministic generator (no Math.random: the same documents every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

type Voce = Omit<ComparisonRow, 'id'>;

const cents = (x: number) => Math.round(x * 100) / 100;

function computo(n: number): Voce[] {
  const r = rng(7);
  return Array.from({ length: n }, (_, i) => {
    const chapter = Math.floor((i * CHAPTERS) / n);
    // Every 25th voce reuses an article of another chapter (the same code printed twice); 1% have no code.
    const article = i % 25 === 0 && i > 100 ? i - 97 : i;
    const q = cents(1 + r() * 300);
    const p = cents(5 + (article % 97) * 3.17);
    return {
      tariffa: i % 100 === 42 ? '' : `TOS23_${String(article % 90).padStart(2, '0')}.A${String(article % 37).padStart(2, '0')}.${String(article).padStart(4, '0')}.001`,
      descrizione: `${WORKS[article % WORKS.length]} tipo ${article} per il lotto ${article % 13}`,
      unita_di_misura: UNITS[article % UNITS.length],
      quantita: q,
      unitario: p,
      totale: cents(q * p),
      capitolo: `Capitolo ${String(chapter + 1).padStart(2, '0')}`,
      page: 1 + Math.floor(i / 40),
    };
  });
}

function variante(base: Voce[]): Voce[] {
  const r = rng(11);
  const out: Voce[] = [];
  base.forEach((v, i) => {
    if (r() < 0.03) return;
    const q = r() < 0.2 ? cents((v.quantita ?? 0) * (0.8 + r() * 0.5)) : v.quantita!;
    const p = r() < 0.1 ? cents((v.unitario ?? 0) * 1.04) : v.unitario!;
    const tariffa = i % 50 === 7 ? v.tariffa.replace('TOS23_', 'TOS24_') : v.tariffa;
    if (i % 100 === 13) {
      const half = cents(q / 2);
      out.push({ ...v, tariffa, quantita: half, unitario: p, totale: cents(half * p) }, { ...v, tariffa, quantita: cents(q - half), unitario: p, totale: cents((q - half) * p) });
    } else out.push({ ...v, tariffa, quantita: q, unitario: p, totale: cents(q * p) });
  });
  for (let k = 0; k < Math.round(base.length * 0.03); k++) {
    out.push({ tariffa: `NP.${String(k).padStart(3, '0')}`, descrizione: `Nuovo prezzo ${k} per opere aggiuntive`, unita_di_misura: 'cad', quantita: 2, unitario: 150, totale: 300, capitolo: `Capitolo ${String((k % CHAPTERS) + 1).padStart(2, '0')}`, page: null });
  }
  // The variante prints its chapters in reverse order.
  return out.sort((a, b) => b.capitolo.localeCompare(a.capitolo));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const verdict = (ms: number) => (ms < GOAL_MS ? 'OK' : 'NOT MET');
const line = (what: string, ms: number) => console.log(`${what.padEnd(58)} ${ms.toFixed(0).padStart(6)} ms   (goal < 1 s: ${verdict(ms)})`);

async function seed(rt: Awaited<ReturnType<typeof startTestRuntime>>, voci: Voce[], name: string): Promise<number> {
  const id = await newDocumentId(rt.ctx);
  await insertRows(
    rt.ctx,
    voci.map((v, i) => ({
      document_id: id, row_index: i + 1, tariffa: v.tariffa, descrizione: v.descrizione, codice_articolo: null, unita_di_misura: v.unita_di_misura, quantita: v.quantita, unitario: v.unitario, totale: v.totale,
      tipologia_dei: 'nuove_costruzioni', prezzo_db: null, prezzo_totale_db: null, differenza_totale_db: null, variazione_percentuale: null, price_source: null, page: v.page ?? null, page_end: v.page ?? null, box: null,
      capitoli: { categoria: v.capitolo },
    })),
  );
  const sum = cents(voci.reduce((s, v) => s + (v.totale ?? 0), 0));
  await putDocument(rt.ctx, {
    id, filename: name, upload_date: new Date().toISOString(), provincia: 'LU', tipologia_dei: 'nuove_costruzioni', username: 'admin', user_id: 1, status: 'completed', status_reason: null,
    file_key: `documents/${id}/original.xpwe`, file_size: 0, pages_total: 0, pages_done: 0, document_total: null, document_total_db: null, sum_totale: sum, row_count: voci.length,
    layout: null, unreadable_pages: [], warnings: [], completed_at: new Date().toISOString(),
  });
  return id;
}

export async function main() {
  const a = computo(VOCI);
  const b = variante(a);
  console.log(`computo: ${a.length} voci; variante: ${b.length} voci`);

  // The pure rule.
  let id = 1;
  const docs = [a, b].map((voci, d) => ({ id: d + 1, rows: voci.map((v) => ({ ...v, id: id++ })) }));
  const times: number[] = [];
  const t0 = performance.now();
  let result = compareDocuments(docs);
  line('pairing alone, first run (code not yet optimised by the JIT)', performance.now() - t0);
  // New row objects every run: the rule's per-row memory (what a server reuses for rows it keeps) does not count here.
  const fresh = () => docs.map((d) => ({ ...d, rows: d.rows.map((r) => ({ ...r })) }));
  compareDocuments(fresh());
  for (let run = 0; run < 5; run++) {
    const input = fresh();
    const t = performance.now();
    result = compareDocuments(input);
    times.push(performance.now() - t);
  }
  const states = result.voci.reduce<Record<string, number>>((acc, v) => ((acc[v.stato] = (acc[v.stato] ?? 0) + 1), acc), {});
  console.log(`compared voci: ${result.voci.length} (${Object.entries(states).map(([k, n]) => `${k} ${n}`).join(', ')}; incerte ${result.voci.filter((v) => v.incerto).length})`);
  line(`pairing alone, ${VOCI} + ${b.length} voci (warm, median of 5)`, median(times));

  // Through the API.
  const rt = await startTestRuntime();
  try {
    const call = apiClient(rt.url);
    const token = await loginAs(rt.url, 'admin', ADMIN_PASSWORD);
    const first = await seed(rt, a, 'computo-5000.xpwe');
    const second = await seed(rt, b, 'variante-5000.xpwe');
    const url = `/api/documents/${first}/comparison?with=${second}`;
    let t = performance.now();
    const cold = await call('GET', url, { token });
    const coldMs = performance.now() - t;
    if (cold.status !== 200) throw new Error(`comparison answered ${cold.status}: ${cold.text.slice(0, 200)}`);
    console.log(`answer: ${cold.json.data.voci.length} voci, ${(cold.text.length / 1e6).toFixed(1)} MB of JSON`);
    line('GET comparison, rows read from the table (first call)', coldMs);
    const warm: number[] = [];
    await call('GET', url, { token });
    for (let run = 0; run < 5; run++) {
      t = performance.now();
      await call('GET', url, { token });
      warm.push(performance.now() - t);
    }
    line('GET comparison, rows in memory (warm, median of 5)', median(warm));
    t = performance.now();
    const xlsx = await fetch(`${rt.url}/api/documents/${first}/comparison/export?with=${second}`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = (await xlsx.arrayBuffer()).byteLength;
    console.log(`${'GET comparison/export (xlsx, ' + (bytes / 1e6).toFixed(1) + ' MB)'.padEnd(58)} ${(performance.now() - t).toFixed(0).padStart(6)} ms   (no goal set)`);
  } finally {
    await rt.close();
  }
}

if (process.env.CONFRONTO_PAIRING_ONLY) {
  // For profiling the rule: the documents and the pairing, no runtime.
  const a = computo(VOCI);
  const docs = [a, variante(a)].map((voci, d) => ({ id: d + 1, rows: voci.map((v, i) => ({ ...v, id: d * 1e6 + i })) }));
  for (let run = 0; run < 5; run++) {
    const t = performance.now();
    compareDocuments(docs);
    console.log(`pairing: ${(performance.now() - t).toFixed(0)} ms`);
  }
} else main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
