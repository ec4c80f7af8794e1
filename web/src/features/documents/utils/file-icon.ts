/** The icon of a document's file by its kind: a PDF print, a spreadsheet (Excel, LeenO), or a program's file (XPWE, SIX). */
export function fileIcon(filename: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  if (ext === 'pdf') return 'pi pi-file-pdf';
  if (['xlsx', 'xls', 'ods', 'csv'].includes(ext)) return 'pi pi-file-excel';
  return 'pi pi-file';
}
