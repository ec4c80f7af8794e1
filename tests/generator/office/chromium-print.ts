/**
 * HTML computi printed by Chromium (Skia's PDF backend), as a web-based estimating tool's "Stampa"
 * makes them: a PDF producer other than LibreOffice, with its own text runs, glyph spacing and
 * page breaks. The page size and margins come from the document's own `@page` rule.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchBrowser } from '../../support/browser.ts';

export async function printWithChromium(files: string[], outDir: string): Promise<string[]> {
  const { browser, close } = await launchBrowser();
  try {
    const out: string[] = [];
    for (const file of files) {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(file).href);
      const pdfPath = path.join(outDir, `${path.basename(file, path.extname(file))}.pdf`);
      fs.writeFileSync(pdfPath, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
      await page.close();
      out.push(pdfPath);
    }
    return out;
  } finally {
    await close();
  }
}
