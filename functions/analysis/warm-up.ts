/**
 * A first reading off the clock: a fresh thread runs pdf.js, the page thread and the reader's
 * code cold (not yet optimised by V8), and the first real computo would pay for it. This builds a
 * small computo in memory (pdf-lib, six pages, so the page thread reads half of them) and reads it
 * once, the same way a document is read; the result is thrown away.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { analyzePdf } from './analyze.ts';
import { SPLIT_FROM_PAGES } from './pdf-text.ts';
import type { PageReader } from './page-reader.ts';

const ROWS_PER_PAGE = 16;
/** The standard fonts prints use most, one per page in turn (pdf.js loads each one's data at first use). */
const FONTS = [StandardFonts.Helvetica, StandardFonts.TimesRoman, StandardFonts.Courier, StandardFonts.HelveticaBold, StandardFonts.TimesRomanBold, StandardFonts.Helvetica];

/**
 * A small computo: a header and voci on each of six pages, as a table (one row per voce) or, with
 * `sommano`, as PriMus prints it (number and code, description lines, measurement lines, then a
 * `SOMMANO` line): the two ways the reader segments voci, so both are warm.
 */
export async function sampleComputo(sommano = false): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts = await Promise.all(FONTS.map((f) => pdf.embedFont(f)));
  const size = 8;
  let n = 0;
  for (let p = 0; p < Math.max(SPLIT_FROM_PAGES, FONTS.length); p++) {
    const font = fonts[p % fonts.length];
    const page = pdf.addPage([595.28, 841.89]);
    const at = (text: string, x: number, y: number) => page.drawText(text, { x, y, size, font });
    let y = 790;
    for (const [text, x] of [['N.', 30], ['Codice', 50], ['Descrizione', 130], ['U.M.', 360], ['Quantità', 400], ['Prezzo unitario', 450], ['Importo', 530]] as const) at(text, x, y);
    for (let r = 0; r < (sommano ? ROWS_PER_PAGE / 4 : ROWS_PER_PAGE); r++) {
      n++;
      const q = 10 + n;
      const price = 12.5;
      const amount = (q * price).toFixed(2).replace('.', ',');
      y -= sommano ? 12 : 45;
      at(String(n), 30, y);
      at(`A.${String(n).padStart(2, '0')}.001`, 50, y);
      at(`Scavo a sezione obbligata numero ${n}`, 130, y);
      if (!sommano) {
        at('m³', 360, y);
        at(`${q},00`, 400, y);
        at('12,50', 450, y);
        at(amount, 530, y);
        continue;
      }
      at('eseguito con mezzi meccanici, compreso il carico', 130, (y -= 10));
      at('Vano scala', 140, (y -= 10));
      at(`${q},00`, 400, y);
      at(`SOMMANO m³`, 300, (y -= 10));
      at(`${q},00`, 400, y);
      at('12,50', 450, y);
      at(amount, 530, y);
      y -= 30;
    }
  }
  return pdf.save();
}

/** Reads two small computi once (a table and a SOMMANO print), on this thread and `pageReader`; never throws. */
export async function warmReading(pageReader?: PageReader): Promise<boolean> {
  try {
    const table = await analyzePdf(await sampleComputo(), { pageReader });
    const sommano = await analyzePdf(await sampleComputo(true), { pageReader });
    return table.ok && sommano.ok;
  } catch {
    return false;
  }
}
