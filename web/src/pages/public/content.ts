// Static content shared by the public pages (Presentazione, About).
// User-facing strings are Italian; identifiers and comments are English.

export interface Feature {
  icon: string;
  title: string;
  text: string;
}

/** Marketing claims of the product (spec section 1), one card each. */
export const FEATURES: Feature[] = [
  {
    icon: 'pi pi-file-pdf',
    title: 'Analisi PDF con AI',
    text: 'Il computo metrico in PDF viene letto da un servizio di document AI che estrae ogni voce: codice, descrizione, unità di misura, quantità, prezzo unitario e totale.',
  },
  {
    icon: 'pi pi-tags',
    title: 'Riconoscimento codici tariffa',
    text: 'I codici di tariffa vengono riconosciuti e normalizzati con pattern configurabili, per trovare la voce corrispondente nel prezzario anche quando il formato varia.',
  },
  {
    icon: 'pi pi-percentage',
    title: 'Confronto prezzi',
    text: 'Ogni voce è confrontata con il Prezzario DEI per tipologia e con il Prezzario Regione Toscana per provincia, con differenza e variazione percentuale per riga e sul totale.',
  },
  {
    icon: 'pi pi-pencil',
    title: 'Modifica delle righe',
    text: 'Correggi descrizioni, quantità e prezzi direttamente nella tabella: i totali e le differenze si aggiornano subito.',
  },
  {
    icon: 'pi pi-objects-column',
    title: 'Unione e aggiornamento massivo',
    text: 'Unisci due righe in una sola, aggiorna i prezzi di tutto il documento dal database e cambia la tipologia DEI di più righe in un solo passaggio.',
  },
  {
    icon: 'pi pi-file-excel',
    title: 'Esportazione Excel',
    text: 'Esporta il computo analizzato in un file Excel con prezzi originali, prezzi di riferimento e differenze, pronto per la relazione tecnica.',
  },
  {
    icon: 'pi pi-clone',
    title: 'Duplicazione selettiva',
    text: 'Seleziona solo le righe che ti servono e crea un nuovo documento con un titolo personalizzato, lasciando intatto l’originale.',
  },
  {
    icon: 'pi pi-code',
    title: 'Interfaccia JSON:API',
    text: 'Tutte le funzioni sono disponibili tramite un’interfaccia JSON:API documentata, per integrare Computa con i gestionali e gli strumenti già in uso.',
  },
  {
    icon: 'pi pi-lock',
    title: 'Autenticazione sicura',
    text: 'Accesso con username e password tramite cookie di sessione, oppure con token Bearer (chiave API rilasciata dall’amministratore) per le integrazioni.',
  },
  {
    icon: 'pi pi-sliders-h',
    title: 'Tipologie DEI dinamiche',
    text: 'Le tipologie del Prezzario DEI sono gestite dagli amministratori: si possono aggiungere, modificare, attivare o disattivare senza interventi tecnici.',
  },
];

export interface Release {
  month: string;
  version: string;
  title: string;
  notes: string[];
}

/** Release notes, January to July 2025 (one entry per month). */
export const RELEASES: Release[] = [
  {
    month: 'gennaio 2025',
    version: '1.0',
    title: 'Prima versione',
    notes: [
      'Caricamento dei computi metrici in formato PDF.',
      'Analisi automatica del documento ed estrazione delle voci.',
      'Archivio dei documenti con stato di elaborazione.',
    ],
  },
  {
    month: 'febbraio 2025',
    version: '1.1',
    title: 'Ricerca nel prezzario',
    notes: [
      'Nuova pagina di ricerca per codice di tariffa nel Prezzario DEI.',
      'Filtri per tipologia e anno di pubblicazione.',
      'Riconoscimento dei codici tramite pattern di normalizzazione.',
    ],
  },
  {
    month: 'marzo 2025',
    version: '1.2',
    title: 'Prezzario Regione Toscana',
    notes: [
      'Confronto con il Prezzario Regione Toscana per provincia.',
      'Selezione della provincia in fase di caricamento del computo.',
      'Verifica di congruenza del totale del documento.',
    ],
  },
  {
    month: 'aprile 2025',
    version: '1.3',
    title: 'Gestione avanzata delle righe',
    notes: [
      'Unione di due righe in una sola voce.',
      'Aggiornamento massivo dei prezzi e della tipologia DEI.',
      'Eliminazione multipla delle righe selezionate.',
    ],
  },
  {
    month: 'maggio 2025',
    version: '1.4',
    title: 'Esportazione e duplicazione',
    notes: [
      'Esportazione del documento analizzato in formato Excel.',
      'Duplicazione selettiva delle righe in un nuovo documento con titolo personalizzato.',
      'Suddivisione automatica dei PDF oltre le 15 pagine.',
    ],
  },
  {
    month: 'giugno 2025',
    version: '1.5',
    title: 'Tipologie DEI e chiavi API',
    notes: [
      'Tipologie DEI dinamiche gestite dagli amministratori.',
      'Generazione e revoca delle chiavi API dal pannello di amministrazione.',
      'Pubblicazione di informativa privacy e termini di servizio.',
    ],
  },
  {
    month: 'luglio 2025',
    version: '2.0',
    title: 'Computa 2.0',
    notes: [
      'Nuova interfaccia grafica, più veloce e leggibile anche da smartphone.',
      'Autenticazione con token Bearer e cookie di sessione.',
      'Nuova interfaccia di programmazione JSON:API.',
    ],
  },
];
