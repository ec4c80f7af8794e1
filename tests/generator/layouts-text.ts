/**
 * `paragrafi`: a computo written in a word processor, without a table: each voce is a paragraph
 * (`Art. 1 - Cod. …` or `1. [code]`), its designation runs across the page width, and quantity,
 * unit price and amount sit on one text line (`m² 125,40 x € 12,50 = € 1.567,50` or
 * `Quantità: … Prezzo unitario: … Importo: …`).
 */
import { type Rng, Sheet, sum2 } from './core.ts';
import { type CodeFamily, buildModel } from './content.ts';
import { Flow, Recorder, type Rendered, money, randomSetup } from './doc.ts';

export async function paragrafi(rng: Rng, nVoci: number): Promise<Rendered> {
  const setup = randomSetup(rng, { landscape: false, thou: rng.pick(['.', '.', '´']), families: ['Times', 'Helvetica', 'Times'], sizes: [8, 10] });
  const model = buildModel(rng, {
    nVoci,
    families: rng.sample(['toscana', 'dei', 'lombardia', 'campania', 'piemonte', 'sicilia', 'lazio', 'np'] as CodeFamily[], 2),
    misure: rng.chance(0.5) ? 'some' : false,
    maxDesc: rng.pick([200, 400, 700]),
    chapters: rng.int(1, 6),
    unit: (um, r) => (um === 'm²' && r.chance(0.4) ? 'mq' : um === 'm³' && r.chance(0.4) ? 'mc' : um),
    repeat: 0.05,
  });
  const s = await Sheet.create(setup.family, setup.size, false, false);
  s.runs = setup.runs;
  s.order = setup.order;
  const fm = money(setup);
  const lh = setup.size * 1.35;
  const x0 = setup.margin.l;
  const x1 = s.pw - setup.margin.r;
  const style = rng.pick(['art', 'num'] as const);
  const amountStyle = rng.pick(['formula', 'labels'] as const);
  const indent = style === 'num' ? setup.size * 2 : 0;
  const rec = new Recorder(model);
  const flow: Flow = new Flow(s, s.ph - setup.margin.b - lh * 2, {
    start: first => {
      let y = setup.margin.t + setup.size;
      if (first) {
        s.text('COMPUTO METRICO ESTIMATIVO', s.pw / 2, y + 6, { bold: true, size: setup.size + 4, align: 'center' });
        y += setup.size * 3;
        for (const [k, v] of [['Oggetto', model.oggetto], ['Committente', model.ente], ['Progettista', model.tecnico]]) {
          const lines = s.wrap(`${k}: ${v}`, x1 - x0);
          for (const l of lines) {
            s.text(l, x0, y);
            y += lh;
          }
        }
        s.line(x0, y, x1, y, 0.6);
        y += lh;
      } else {
        s.text(model.oggetto.length > 80 ? `${model.oggetto.slice(0, 77)}...` : model.oggetto, x0, y, { size: setup.size - 1.5, ital: true, grey: true });
        y += lh;
      }
      return y;
    },
    end: () => {},
  });
  const para = (text: string, o: { bold?: boolean; ital?: boolean; x?: number; right?: boolean } = {}): number => {
    const x = o.x ?? x0;
    const lines = s.wrap(text, x1 - x, o);
    for (const l of lines) {
      flow.ensure(lh);
      flow.y += lh;
      if (o.right) s.text(l, x1, flow.y, { ...o, align: 'right' });
      else s.text(l, x, flow.y, o);
    }
    return lines.length;
  };
  flow.begin();
  for (const ch of model.chapters) {
    flow.ensure(lh * 4);
    flow.y += lh * 0.6;
    para(`CAPITOLO ${ch.num} - ${ch.title.toUpperCase()}`, { bold: true });
    flow.y += lh * 0.3;
    for (const sub of ch.subs) {
      for (const v of sub.voci) {
        flow.ensure(lh * 3);
        flow.y += lh * 0.5;
        // heading line: not part of the designation
        flow.y += lh;
        const t = rec.start(v, s.pageNo, true);
        if (style === 'art') s.text(`Art. ${v.n} - Cod. ${v.tariffa}`, x0, flow.y, { bold: true });
        else {
          s.text(`${v.n}.`, x0, flow.y, { bold: true });
          s.text(`[${v.tariffa}]`, x0 + indent, flow.y, { bold: true });
        }
        const dx = x0 + indent;
        const words: string[] = [];
        const titleLines = s.wrap(v.titolo, x1 - dx, { bold: style === 'art', ital: style === 'num' });
        for (const l of titleLines) {
          flow.ensure(lh);
          flow.y += lh;
          s.text(l, dx, flow.y, { bold: style === 'art', ital: style === 'num' });
          words.push(l);
        }
        if (v.estesa) {
          for (const l of s.wrap(v.estesa, x1 - dx)) {
            flow.ensure(lh);
            flow.y += lh;
            s.text(l, dx, flow.y);
            words.push(l);
          }
        }
        t.descrizione = words.join(' ');
        for (const m of v.misure) {
          const f = m.dims.flatMap((d, k) => (d == null ? [] : [fm(d, k < 2 ? 2 : 3)]));
          flow.ensure(lh);
          flow.y += lh;
          s.text(`${m.testo}: ${f.join(' x ')}${f.length > 1 ? ` = ${fm(m.parziale)}` : ''}`, dx + setup.size * 2, flow.y, { ital: true, size: setup.size - 0.5 });
        }
        flow.ensure(lh);
        flow.y += lh;
        if (amountStyle === 'formula') {
          s.text(`${v.um} ${fm(v.quantita)} x € ${fm(v.unitario)} = € ${fm(v.totale)}`, x1, flow.y, { bold: true, align: 'right' });
        } else {
          s.text(`Quantità: ${fm(v.quantita)} ${v.um}`, dx, flow.y);
          s.text(`Prezzo unitario: € ${fm(v.unitario)}`, dx + (x1 - dx) * 0.38, flow.y);
          s.text(`Importo: € ${fm(v.totale)}`, x1, flow.y, { bold: true, align: 'right' });
        }
        t.page_end = s.pageNo;
      }
    }
    flow.ensure(lh * 2);
    flow.y += lh * 0.5;
    flow.y += lh;
    s.text(`Totale capitolo ${ch.num} - ${ch.title}`, x0, flow.y, { bold: true });
    s.text(`€ ${fm(ch.total)}`, x1, flow.y, { bold: true, align: 'right' });
    s.line(x0, flow.y + 3, x1, flow.y + 3, 0.4);
  }
  flow.ensure(lh * 4);
  flow.y += lh * 1.5;
  s.text('TOTALE COMPLESSIVO DEI LAVORI', x0, flow.y, { bold: true, size: setup.size + 1 });
  s.text(`€ ${fm(sum2(model.chapters.map(c => c.total)))}`, x1, flow.y, { bold: true, size: setup.size + 1, align: 'right' });
  flow.y += lh * 3;
  flow.ensure(lh * 3);
  s.text(`${model.luogo}, ${model.date}`, x0, flow.y);
  s.text('Il progettista', x1 - 60, flow.y, { align: 'center' });
  s.text(model.tecnico, x1 - 60, flow.y + lh * 1.5, { align: 'center', ital: true });
  flow.finish();
  s.pages.forEach((p, i) => s.text(`- ${i + 1} -`, s.pw / 2, s.ph - setup.margin.b / 2, { size: setup.size - 1, align: 'center' }, p));
  return {
    sheet: s,
    model,
    items: rec.list(),
    setup,
    imitates: 'word-processor computo without a table: one paragraph per voce, amounts written on one line',
    variant: { style, amounts: amountStyle },
  };
}
