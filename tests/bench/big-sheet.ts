/**
 * A computo sheet of any number of rows (1,000,000 in `npm run bench:importazioni -- --righe
 * 1000000`), written straight as an .xlsx (a zip of SpreadsheetML parts, shared strings for the
 * text): a spreadsheet library would take minutes and gigabytes to build it. Columns: code,
 * description, unit, quantity, price, amount; codes and descriptions repeat every 1,000 rows so
 * the inflated file stays under the import's 200 MB zip budget.
 */
import zlib from 'node:zlib';

interface Entry {
  name: string;
  data: Buffer;
}

/** A zip archive (deflated entries, no zip64: every part stays under 4 GB). */
function zip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const deflated = zlib.deflateRawSync(data, { level: 1 });
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(deflated.length, 20);
    dir.writeUInt32LE(data.length, 24);
    dir.writeUInt16LE(nameBytes.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, deflated);
    central.push(dir, nameBytes);
    offset += local.length + nameBytes.length + deflated.length;
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...central, end]);
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function bigComputoSheet(rows: number): Buffer {
  const header = ['Codice', 'Descrizione', 'U.M.', 'Quantità', 'Prezzo unitario', 'Importo'];
  const distinct = 1000;
  const strings = [...header, 'm²'];
  for (let i = 0; i < distinct; i++) strings.push(`A.${String(i).padStart(4, '0')}`, `Voce di prova numero ${i} con una descrizione`);
  const codeIndex = (i: number) => header.length + 1 + 2 * (i % distinct);
  const parts: string[] = [`<row r="1">${header.map((_, c) => `<c t="s"><v>${c}</v></c>`).join('')}</row>`];
  for (let i = 1; i <= rows; i++) {
    const q = i % 97;
    parts.push(`<row r="${i + 1}"><c t="s"><v>${codeIndex(i)}</v></c><c t="s"><v>${codeIndex(i) + 1}</v></c><c t="s"><v>${header.length}</v></c><c><v>${q}</v></c><c><v>12.5</v></c><c><v>${q * 12.5}</v></c></row>`);
  }
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const sheet = Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${ns}"><sheetData>${parts.join('')}</sheetData></worksheet>`, 'utf8');
  const shared = `<sst xmlns="${ns}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t>${escape(s)}</t></si>`).join('')}</sst>`;
  return zip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="Computo" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/sharedStrings.xml', data: Buffer.from(shared, 'utf8') },
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
  ]);
}
