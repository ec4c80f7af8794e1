import { HeaderSearch, TableReader } from './table.ts';
const all: unknown[][] = [['Codice', 'Descrizione', 'U.M.', 'Prezzo', 'Prezzo s/ S.G.']];
for (let i = 0; i < 20000; i++) all.push([`D${String(i).padStart(6, '0')}`, `Voce di prova numero ${i} con descrizione`, 'mq', (i % 997) + 0.25, `${i % 500},10`]);
for (let k = 0; k < 10; k++) { const c = process.cpuUsage(); const t = new TableReader(new HeaderSearch(), 1e6); all.forEach((r, i) => t.push(r, i + 1)); const d = process.cpuUsage(c); console.log(((d.user) / 1000).toFixed(0)); }
