/**
 * A public body's Word-table template: the computo written as an HTML table, saved as .docx by
 * LibreOffice Writer and printed from the .docx. `N. | Codice | Descrizione | U.M. | Quantità | Prezzo
 * unitario | Importo` (header words, line breaks and the price/quantity order vary), a title block,
 * multi-line description cells (bold title, then the description), chapter rows and `Totale
 * capitolo` rows, the header repeated on every page (or printed once), numbers at the top or the
 * bottom of their cell, and the closing `IMPORTO COMPLESSIVO DEI LAVORI`.
 */
import { type Rng, fmt } from '../core.ts';
import { type OfficeVoce, buildOfficeModel } from './model.ts';
import type { PrintedVoce } from './truth.ts';
import type { OfficeDoc } from './xlsx.ts';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type Col = 'n' | 'code' | 'desc' | 'um' | 'qty' | 'price' | 'amount';
const HEAD: Record<Col, string[]> = {
  n: ['N.', 'N.', 'Num.', 'N. ord.'],
  code: ['Codice', 'Codice<br>Elenco Prezzi', 'Cod. E.P.', 'Articolo'],
  desc: ['Descrizione', 'DESCRIZIONE DEI LAVORI', 'Descrizione delle lavorazioni', 'Indicazione dei lavori<br>e delle forniture'],
  um: ['U.M.', 'Unità<br>di misura', 'u.m.'],
  qty: ['Quantità', 'Quantità', 'Q.tà', 'Quantità<br>totale'],
  price: ['Prezzo unitario', 'Prezzo<br>unitario', 'Prezzo<br>unitario<br>(euro)', 'Prezzo<br>€'],
  amount: ['Importo', 'Importo<br>(euro)', 'IMPORTO', 'Importo<br>totale<br>€'],
};
const FONTS = ['Liberation Serif', 'Liberation Sans', 'DejaVu Sans', 'DejaVu Serif'];

export async function wordDoc(rng: Rng, nVoci: number): Promise<OfficeDoc> {
  const model = buildOfficeModel(rng, {
    nVoci,
    families: rng.sample(['toscana', 'lazio', 'campania', 'lombardia', 'piemonte', 'np'] as const, 2),
    misure: false,
    maxDesc: rng.pick([120, 250, 400]),
    chapters: rng.int(1, 4),
    unit: um => (um === 'm²' ? rng.pick(['mq', 'm²', 'm2']) : um === 'm³' ? rng.pick(['mc', 'm³']) : um),
    corpo: rng.chance(0.3),
  });
  const font = rng.pick(FONTS);
  const size = rng.pick([8, 9, 9, 10, 11]);
  const landscape = rng.chance(0.35);
  const thou = rng.pick(['.', '.', '.', ' ']);
  const euroBefore = rng.chance(0.3);
  const priceFirst = rng.chance(0.3);
  const repeat = rng.chance(0.7);
  const numValign = rng.pick(['top', 'bottom', 'middle']);
  const border = rng.pick(['all', 'all', 'outer-rows']);
  const pageW = landscape ? 29.7 : 21;
  const mLR = rng.real(1.2, 2, 1);
  // Writer's HTML import sizes a 100 % table wider than the page: the widths are given in cm
  const tableW = pageW - 2 * mLR - 0.6;
  const cols: Col[] = ['n', 'code', 'desc', 'um', ...(priceFirst ? (['price', 'qty'] as Col[]) : (['qty', 'price'] as Col[])), 'amount'];
  const widths: Record<Col, number> = { n: 5, code: rng.int(10, 16), desc: 0, um: 6, qty: 9, price: 11, amount: 12 };
  widths.desc = 100 - cols.reduce((a, c) => a + widths[c], 0);
  const head = cols.map(c => rng.pick(HEAD[c]));
  // a space separator is a no-break space, as Word's number formatting writes it: an amount never wraps inside its cell
  const sep = thou === ' ' ? '\u00a0' : thou;
  const money = (v: number): string => (euroBefore ? `€\u00a0${fmt(v, 2, sep)}` : fmt(v, 2, sep));
  const cellCss = border === 'all' ? 'border:0.5pt solid #000;' : 'border-bottom:0.5pt solid #000;';
  const td = (content: string, o: { align?: string; valign?: string; colspan?: number; bold?: boolean } = {}): string =>
    `<td${o.colspan ? ` colspan="${o.colspan}"` : ''} style="${cellCss}padding:1pt 3pt;vertical-align:${o.valign ?? 'top'};text-align:${o.align ?? 'left'}">${o.bold ? `<b>${content}</b>` : content}</td>`;
  const rows: string[] = [];
  const printed: PrintedVoce[] = [];
  const um = (v: OfficeVoce): string => (v.kind === 'corpo' ? 'a corpo' : v.um);
  for (const ch of model.chapters) {
    rows.push(`<tr>${td(`CAPITOLO ${ch.num} - ${esc(ch.title.toUpperCase())}`, { colspan: cols.length, bold: true })}</tr>`);
    for (const v of ch.subs.flatMap(s => s.voci)) {
      const desc = `<b>${esc(v.titolo)}</b>${v.estesa ? `<br>${esc(v.estesa)}` : ''}`;
      const cell: Record<Col, string> = {
        n: td(String(v.n)),
        code: td(esc(v.tariffa)),
        desc: td(desc, { align: 'justify' }),
        um: td(esc(um(v)), { valign: numValign, align: 'center' }),
        qty: td(fmt(v.quantita, 2, sep), { valign: numValign, align: 'right' }),
        price: td(money(v.unitario), { valign: numValign, align: 'right' }),
        amount: td(money(v.totale), { valign: numValign, align: 'right' }),
      };
      rows.push(`<tr>${cols.map(c => cell[c]).join('')}</tr>`);
      printed.push({ voce: v, amountText: fmt(v.totale, 2, thou), um: um(v), withMisure: false });
    }
    const label = rng.pick([`Totale capitolo ${ch.num}`, `Totale CAPITOLO ${ch.num} - ${esc(ch.title)}`, `TOTALE ${esc(ch.title.toUpperCase())}`]);
    rows.push(`<tr>${td(label, { colspan: cols.length - 1, bold: true, align: 'right' })}${td(money(ch.total), { align: 'right', bold: true })}</tr>`);
  }
  rows.push(`<tr>${td('IMPORTO COMPLESSIVO DEI LAVORI', { colspan: cols.length - 1, bold: true, align: 'right' })}${td(money(model.total), { align: 'right', bold: true })}</tr>`);
  const headRow = `<tr>${cols.map(c => `<th width="${Math.round((tableW * widths[c] * 37.8) / 100)}" style="${cellCss}background:#e6e6e6;padding:1pt 2pt;text-align:center;vertical-align:middle">${head[cols.indexOf(c)]}</th>`).join('')}</tr>`;
  const html = `<!DOCTYPE html>
<html lang="it"><head><meta charset="utf-8"><title>Computo metrico estimativo</title>
<style>
@page { size: ${landscape ? '29.7cm 21cm' : '21cm 29.7cm'}; margin: ${rng.real(1.2, 2.2, 1)}cm ${mLR}cm }
body { font-family: '${font}'; font-size: ${size}pt }
table { border-collapse: collapse }
td, th { font-family: '${font}'; font-size: ${size}pt }
</style></head><body>
<p style="text-align:center"><b>${esc(model.ente.toUpperCase())}</b></p>
<p style="text-align:center">${esc(model.oggetto)}</p>
<p style="text-align:center"><b>COMPUTO METRICO ESTIMATIVO</b></p>
<p>Il tecnico: ${esc(model.tecnico)} - ${esc(model.luogo)}, ${model.date}</p>
<table cellspacing="0" cellpadding="2" width="${Math.round(tableW * 37.8)}">
${repeat ? `<thead>${headRow}</thead>` : headRow}
<tbody>
${rows.join('\n')}
</tbody></table>
<p>${esc(model.luogo)}, ${model.date}</p><p style="text-align:right">${esc(model.tecnico)}</p>
</body></html>
`;
  return {
    file: '',
    data: html,
    model,
    printed,
    thousands: thou,
    font: `${font} ${size} pt`,
    imitates: "public body's Word-table computo template (HTML table saved as .docx by Writer, printed from the .docx)",
    variant: { landscape, columns: cols, header_words: head, header_repeated: repeat, euro_before: euroBefore, number_valign: numValign, border },
    printedTotal: model.total,
  };
}
