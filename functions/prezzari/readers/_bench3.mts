import ExcelJS from 'exceljs';
import { readPriceFile } from './index.ts';
const wb = new ExcelJS.Workbook();
const ws = wb.addWorksheet('Prezzi');
ws.addRow(['Codice', 'Descrizione', 'U.M.', 'Prezzo', 'Prezzo s/ S.G.']);
for (let i = 0; i < 20000; i++) ws.addRow([`D${String(i).padStart(6, '0')}`, `Voce di prova numero ${i} con descrizione`, 'mq', (i % 997) + 0.25, `${i % 500},10`]);
const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
for (let k = 0; k < 6; k++) { const c = process.cpuUsage(); const t = performance.now(); await readPriceFile(bytes, 'a.xlsx'); const d = process.cpuUsage(c); console.log(`cpu ${((d.user + d.system) / 1000).toFixed(0)} wall ${(performance.now() - t).toFixed(0)}`); }
