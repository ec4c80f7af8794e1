import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface SimpleVoce {
  code: string;
  description: string;
  unit: string;
  quantity: number;
  price: number;
  /** What the print says, right or not. */
  amount: number;
}

const it2 = (v: number) => new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' } as Intl.NumberFormatOptions).format(v);

/** A one-page computo table as an office prints it from a spreadsheet: header, voci, TOTALE. */
export async function simpleComputoPdf(voci: SimpleVoce[], total: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const size = 9;
  const cols = { n: 40, code: 62, desc: 140, unit: 330, qty: 420, price: 490, amount: 560 };
  const right = (text: string, x: number, y: number, f = font) => page.drawText(text, { x: x - f.widthOfTextAtSize(text, size), y, size, font: f });
  let y = 780;
  page.drawText('COMPUTO METRICO ESTIMATIVO', { x: 40, y: 810, size: 12, font: bold });
  for (const [label, x] of [['N.', cols.n], ['Codice', cols.code], ['Descrizione', cols.desc], ['U.M.', cols.unit]] as const) page.drawText(label, { x, y, size, font: bold });
  right('Quantità', cols.qty, y, bold);
  right('Prezzo', cols.price, y, bold);
  right('Importo', cols.amount, y, bold);
  y -= 22;
  voci.forEach((v, i) => {
    page.drawText(String(i + 1), { x: cols.n, y, size, font });
    page.drawText(v.code, { x: cols.code, y, size, font });
    page.drawText(v.description, { x: cols.desc, y, size, font });
    page.drawText(v.unit, { x: cols.unit, y, size, font });
    right(it2(v.quantity), cols.qty, y);
    right(it2(v.price), cols.price, y);
    right(it2(v.amount), cols.amount, y);
    y -= 18;
  });
  y -= 8;
  page.drawText('TOTALE', { x: cols.desc, y, size, font: bold });
  right(it2(total), cols.amount, y, bold);
  return Buffer.from(await pdf.save());
}
