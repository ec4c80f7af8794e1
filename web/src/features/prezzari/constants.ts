import type { PrezzarioSource } from './types.ts';

/** Spec section 9: the Excel price-list size limit (10 MB). */
export const MAX_PREZZARIO_BYTES = 10_485_760;
export const PREVIEW_ROWS = 30;
export const PREZZARIO_PAGE_SIZE = 50;
export const UPLOAD_YEARS = [2022, 2023, 2024, 2025];
/** The Tuscan provinces as the Toscana price lists are keyed. */
export const TOSCANA_PROVINCES = ['AREZZO', 'FIRENZE', 'GROSSETO', 'LIVORNO', 'LUCCA', 'MASSA-CARRARA', 'PISA', 'PISTOIA', 'PRATO', 'SIENA'];
/** Accepted by the server: Excel, the region's XML, CSV (the drop zone and the wrong-type message name them all). */
export const ACCEPTED_EXTENSIONS = ['.xlsx', '.xls', '.csv', '.xml'];

export const SOURCE_TITLE: Record<PrezzarioSource, string> = {
  dei: 'Prezzario DEI',
  toscana: 'Prezzario Toscana',
};

export const LIST_ROUTE: Record<PrezzarioSource, string> = {
  dei: '/prezzario-dei',
  toscana: '/prezzario-toscana',
};

/** Italian names of the fields the importer recognises. */
export const FIELD_LABEL: Record<string, string> = {
  codice: 'Codice',
  tariffa: 'Tariffa',
  descrizione: 'Descrizione',
  unita_di_misura: 'Unità di misura',
  prezzo: 'Prezzo',
  prezzo_senza_sg: 'Prezzo senza spese generali',
  scostamento_perc_senza_sg_2024: 'Scostamento % senza S.G. 2024',
  scostamento_perc_su_anno_2024: 'Scostamento % su anno 2024',
  incidenza_manodopera: 'Incidenza manodopera %',
  incidenza_sicurezza: 'Incidenza sicurezza %',
  anno: 'Anno',
  provincia: 'Provincia',
  tipologia: 'Tipologia',
};
export const fieldLabel = (f: string) => FIELD_LABEL[f] ?? f;
