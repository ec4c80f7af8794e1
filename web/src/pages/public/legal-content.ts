/**
 * The legal pages' text (/privacy-policy, /terms-of-service), rendered by LegalPage.tsx: content,
 * not JSX. Sections are numbered in order; a paragraph or list item is a run of text, bold leads
 * ({ strong }) and links to other pages ({ link, to }).
 */
export type Inline = string | { strong: string } | { link: string; to: string };
export type LegalBlock = { p: Inline[] } | { ul: Inline[][] };

export interface LegalSection {
  id: string;
  title: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  title: string;
  subtitle: string;
  /** "Ultima modifica: …" */
  updated: string;
  /** "Versione …" */
  version: string;
  sections: LegalSection[];
  footer: Inline[];
}

/** Informativa sulla privacy (GDPR artt. 13-14). */
export const PRIVACY_POLICY: LegalDocument = {
  "title": "Informativa sulla Privacy",
  "subtitle": "Informativa sul trattamento dei dati personali ai sensi degli artt. 13 e 14 del Regolamento (UE) 2016/679 (GDPR).",
  "updated": "Ultima modifica: 11/06/2025",
  "version": "Versione 1.0",
  "sections": [
    {
      "id": "titolare",
      "title": "Titolare del trattamento",
      "blocks": [
        {
          "p": [
            "Il titolare del trattamento dei dati personali raccolti tramite l’applicazione Computa (di seguito “il Servizio”) è il soggetto che mette a disposizione il Servizio ai propri utenti (di seguito “il Titolare”)."
          ]
        },
        {
          "p": [
            "Per qualsiasi richiesta relativa al trattamento dei dati personali, compreso l’esercizio dei diritti descritti più avanti, è possibile contattare il Titolare tramite l’amministratore del Servizio, che provvederà a inoltrare la richiesta."
          ]
        }
      ]
    },
    {
      "id": "dati-trattati",
      "title": "Dati trattati",
      "blocks": [
        {
          "p": [
            "Nell’ambito del Servizio vengono trattate le seguenti categorie di dati:"
          ]
        },
        {
          "ul": [
            [
              {
                "strong": "Dati dell’account"
              },
              ": username, ruolo (redattore o amministratore), periodo di validità dell’accesso (data di inizio e di fine) e stato dell’utenza. La password non viene mai conservata in chiaro."
            ],
            [
              {
                "strong": "Documenti caricati"
              },
              ": i file PDF dei computi metrici caricati dagli utenti, con i relativi metadati (nome del file, provincia, tipologia DEI, data di caricamento, stato di elaborazione), e le righe estratte da ciascun documento (codice di tariffa, descrizione, unità di misura, quantità, prezzi e totali), comprese le modifiche apportate dagli utenti."
            ],
            [
              {
                "strong": "Chiavi API"
              },
              ": descrizione della chiave, utente associato e data di creazione."
            ],
            [
              {
                "strong": "Dati tecnici e log"
              },
              ": indirizzo IP, data e ora delle richieste, operazioni eseguite ed eventuali errori, registrati dai sistemi per il funzionamento e la sicurezza del Servizio."
            ]
          ]
        },
        {
          "p": [
            "Il Servizio non richiede il trattamento di categorie particolari di dati personali (art. 9 GDPR). Si invitano gli utenti a non caricare documenti contenenti dati di questo tipo."
          ]
        }
      ]
    },
    {
      "id": "finalita",
      "title": "Finalità e basi giuridiche",
      "blocks": [
        {
          "p": [
            "I dati sono trattati per le seguenti finalità, sulla base delle condizioni di liceità dell’art. 6 GDPR:"
          ]
        },
        {
          "ul": [
            [
              {
                "strong": "Erogazione del Servizio"
              },
              " (autenticazione, analisi dei documenti, confronto con i prezzari, modifica ed esportazione dei risultati): esecuzione del contratto o di misure precontrattuali adottate su richiesta dell’interessato (art. 6, par. 1, lett. b)."
            ],
            [
              {
                "strong": "Gestione delle utenze e delle chiavi API"
              },
              " da parte degli amministratori: esecuzione del contratto (art. 6, par. 1, lett. b) e legittimo interesse del Titolare all’organizzazione del Servizio (art. 6, par. 1, lett. f)."
            ],
            [
              {
                "strong": "Sicurezza, prevenzione degli abusi e diagnostica"
              },
              " tramite i log tecnici: legittimo interesse del Titolare (art. 6, par. 1, lett. f)."
            ],
            [
              {
                "strong": "Adempimento di obblighi di legge"
              },
              " o di richieste delle autorità: obbligo legale (art. 6, par. 1, lett. c)."
            ]
          ]
        },
        {
          "p": [
            "I dati non sono utilizzati per finalità di marketing né per attività di profilazione."
          ]
        }
      ]
    },
    {
      "id": "conservazione",
      "title": "Conservazione dei dati",
      "blocks": [
        {
          "p": [
            "I dati dell’account sono conservati per tutta la durata dell’utenza e cancellati quando l’amministratore la elimina, salvo obblighi di conservazione previsti dalla legge. I documenti caricati e le righe estratte sono conservati finché l’utente o l’amministratore non li elimina. Le chiavi API sono conservate fino alla loro revoca."
          ]
        },
        {
          "p": [
            "I log tecnici sono conservati per il tempo strettamente necessario alle finalità di sicurezza e diagnostica e comunque per un periodo limitato, al termine del quale vengono cancellati automaticamente."
          ]
        }
      ]
    },
    {
      "id": "cookie",
      "title": "Cookie",
      "blocks": [
        {
          "p": [
            "Il Servizio utilizza esclusivamente un cookie tecnico di sessione, necessario per mantenere l’utente autenticato dopo l’accesso con username e password. Il cookie è impostato come HttpOnly, non è accessibile dagli script della pagina e viene invalidato al logout o alla scadenza della sessione."
          ]
        },
        {
          "p": [
            "Non sono utilizzati cookie di profilazione, di marketing o di terze parti. Trattandosi di un cookie strettamente necessario, non è richiesto il consenso dell’utente. Gli accessi effettuati tramite token Bearer (chiave API) non utilizzano cookie."
          ]
        }
      ]
    },
    {
      "id": "destinatari",
      "title": "Destinatari e trasferimenti",
      "blocks": [
        {
          "p": [
            "I dati possono essere trattati, per conto del Titolare, da fornitori di servizi infrastrutturali e di analisi dei documenti, nominati responsabili del trattamento ai sensi dell’art. 28 GDPR, esclusivamente per l’erogazione del Servizio. I dati non sono diffusi né ceduti a terzi."
          ]
        },
        {
          "p": [
            "I dati sono conservati di norma all’interno dello Spazio Economico Europeo. Qualora un fornitore dovesse trattarli al di fuori dello Spazio Economico Europeo, il trasferimento avverrà solo in presenza di una decisione di adeguatezza della Commissione europea o di garanzie adeguate, come le clausole contrattuali tipo (artt. 44-49 GDPR)."
          ]
        }
      ]
    },
    {
      "id": "sicurezza",
      "title": "Sicurezza",
      "blocks": [
        {
          "p": [
            "Il Titolare adotta misure tecniche e organizzative adeguate a proteggere i dati da accessi non autorizzati, perdita o alterazione, tra cui:"
          ]
        },
        {
          "ul": [
            [
              "password cifrate con l’algoritmo scrypt e mai conservate in chiaro;"
            ],
            [
              "chiavi API conservate solo come impronta (hash): la chiave completa è mostrata una sola volta al momento della generazione e non può essere recuperata;"
            ],
            [
              "comunicazioni protette da connessione cifrata (HTTPS);"
            ],
            [
              "accesso ai dati limitato in base al ruolo e alla validità temporale dell’utenza."
            ]
          ]
        }
      ]
    },
    {
      "id": "diritti",
      "title": "Diritti dell’interessato",
      "blocks": [
        {
          "p": [
            "In qualità di interessato puoi esercitare in qualsiasi momento i diritti previsti dagli artt. 15-22 GDPR:"
          ]
        },
        {
          "ul": [
            [
              "diritto di accesso ai dati personali (art. 15);"
            ],
            [
              "diritto di rettifica (art. 16);"
            ],
            [
              "diritto alla cancellazione (art. 17);"
            ],
            [
              "diritto di limitazione del trattamento (art. 18);"
            ],
            [
              "diritto alla portabilità dei dati (art. 20);"
            ],
            [
              "diritto di opposizione al trattamento basato sul legittimo interesse (art. 21);"
            ],
            [
              "diritto di non essere sottoposto a decisioni basate unicamente su un trattamento automatizzato (art. 22)."
            ]
          ]
        },
        {
          "p": [
            "Le richieste possono essere inviate al Titolare tramite l’amministratore del Servizio. Hai inoltre il diritto di proporre reclamo al Garante per la protezione dei dati personali (www.garanteprivacy.it) o all’autorità di controllo dello Stato membro in cui risiedi o lavori."
          ]
        }
      ]
    },
    {
      "id": "modifiche",
      "title": "Modifiche all’informativa",
      "blocks": [
        {
          "p": [
            "La presente informativa può essere aggiornata per riflettere modifiche al Servizio o alla normativa. La versione in vigore è sempre pubblicata su questa pagina, con l’indicazione della data di ultima modifica."
          ]
        }
      ]
    }
  ],
  "footer": [
    "Ultima modifica: 11/06/2025 · Versione 1.0 · Consulta anche i ",
    {
      "to": "/terms-of-service",
      "link": "Termini di servizio"
    },
    "."
  ]
};

/** Termini di servizio. */
export const TERMS_OF_SERVICE: LegalDocument = {
  "title": "Termini di Servizio",
  "subtitle": "Condizioni generali di utilizzo dell’applicazione Computa.",
  "updated": "Ultima modifica: 11/06/2025",
  "version": "Versione 1.0",
  "sections": [
    {
      "id": "oggetto",
      "title": "Oggetto",
      "blocks": [
        {
          "p": [
            "I presenti Termini di Servizio disciplinano l’accesso e l’utilizzo di Computa (di seguito “il Servizio”), l’applicazione web che consente di caricare computi metrici estimativi in formato PDF, estrarne automaticamente le voci, confrontarle con i prezzari di riferimento (Prezzario DEI e Prezzario Regione Toscana), modificarne le righe ed esportarne i risultati."
          ]
        },
        {
          "p": [
            "Utilizzando il Servizio, l’utente dichiara di aver letto e accettato i presenti Termini e l’",
            {
              "to": "/privacy-policy",
              "link": "Informativa sulla Privacy"
            },
            "."
          ]
        }
      ]
    },
    {
      "id": "accesso",
      "title": "Accesso e account",
      "blocks": [
        {
          "p": [
            "Il Servizio è riservato agli utenti abilitati. Gli account sono creati dall’amministratore, che ne stabilisce il ruolo (redattore o amministratore) e il periodo di validità dell’accesso."
          ]
        },
        {
          "ul": [
            [
              "Le credenziali di accesso (username e password) sono personali e non possono essere cedute o condivise con terzi."
            ],
            [
              "Le chiavi API per l’accesso tramite token Bearer si ottengono dall’amministratore, sono legate a un singolo utente e devono essere custodite con la massima riservatezza."
            ],
            [
              "L’utente è responsabile di ogni attività svolta con le proprie credenziali o chiavi API e deve informare senza ritardo l’amministratore in caso di smarrimento o di uso non autorizzato."
            ]
          ]
        }
      ]
    },
    {
      "id": "uso-consentito",
      "title": "Uso consentito",
      "blocks": [
        {
          "p": [
            "L’utente si impegna a utilizzare il Servizio in modo lecito e conforme ai presenti Termini. In particolare è vietato:"
          ]
        },
        {
          "ul": [
            [
              "caricare documenti di cui non si dispone dei diritti o contenenti materiale illecito;"
            ],
            [
              "tentare di accedere a dati, documenti o funzioni per i quali non si possiedono le autorizzazioni;"
            ],
            [
              "compromettere o sovraccaricare il funzionamento del Servizio, anche tramite un uso automatizzato eccessivo delle interfacce di programmazione;"
            ],
            [
              "decompilare, copiare, modificare o redistribuire il software o i dati dei prezzari resi disponibili tramite il Servizio."
            ]
          ]
        }
      ]
    },
    {
      "id": "proprieta",
      "title": "Proprietà intellettuale",
      "blocks": [
        {
          "p": [
            "Computa è un software proprietario. Tutti i diritti sul software, sull’interfaccia, sui marchi e sulla documentazione sono riservati al rispettivo titolare. L’utente riceve esclusivamente un diritto di utilizzo personale, non esclusivo e non trasferibile, per la durata del proprio account."
          ]
        },
        {
          "p": [
            "Il Servizio è distribuito unicamente attraverso i canali di distribuzione ufficiali. Copie o versioni ottenute da canali diversi non sono autorizzate e non sono supportate."
          ]
        },
        {
          "p": [
            "I documenti caricati restano di proprietà dell’utente o dei rispettivi aventi diritto. I prezzari sono opera dei rispettivi editori e restano soggetti ai relativi diritti."
          ]
        }
      ]
    },
    {
      "id": "responsabilita",
      "title": "Limitazione di responsabilità",
      "blocks": [
        {
          "p": [
            "L’estrazione delle voci e il confronto con i prezzari sono eseguiti in modo automatico e possono contenere errori o omissioni. I risultati dell’analisi automatica hanno valore di supporto e devono sempre essere verificati da un professionista qualificato prima di qualsiasi utilizzo tecnico, contrattuale o amministrativo."
          ]
        },
        {
          "p": [
            "I prezzari di riferimento appartengono ai rispettivi editori (DEI e Regione Toscana); il Titolare non ne garantisce la completezza né l’aggiornamento e non risponde di eventuali inesattezze in essi contenute."
          ]
        },
        {
          "p": [
            "Nei limiti consentiti dalla legge, il Titolare non è responsabile di danni diretti o indiretti derivanti dall’uso dei risultati del Servizio o dall’impossibilità di utilizzarlo, salvi i casi di dolo o colpa grave."
          ]
        }
      ]
    },
    {
      "id": "disponibilita",
      "title": "Disponibilità del servizio",
      "blocks": [
        {
          "p": [
            "Il Titolare si impegna a mantenere il Servizio disponibile con continuità, ma non ne garantisce il funzionamento ininterrotto o privo di errori. Il Servizio può essere sospeso, anche senza preavviso, per manutenzione, aggiornamenti o cause di forza maggiore."
          ]
        },
        {
          "p": [
            "Il Titolare può sospendere o revocare l’accesso degli utenti che violino i presenti Termini."
          ]
        }
      ]
    },
    {
      "id": "modifiche",
      "title": "Modifiche ai termini",
      "blocks": [
        {
          "p": [
            "Il Titolare può modificare i presenti Termini in qualsiasi momento. La versione aggiornata è pubblicata su questa pagina con l’indicazione della data di ultima modifica; l’uso del Servizio dopo la pubblicazione comporta l’accettazione delle modifiche."
          ]
        }
      ]
    },
    {
      "id": "legge",
      "title": "Legge applicabile e foro competente",
      "blocks": [
        {
          "p": [
            "I presenti Termini sono regolati dalla legge italiana. Per qualsiasi controversia relativa alla loro interpretazione o esecuzione è competente in via esclusiva il foro della sede del Titolare, fatta salva l’applicazione delle norme inderogabili a tutela del consumatore, ove applicabili."
          ]
        }
      ]
    }
  ],
  "footer": [
    "Ultima modifica: 11/06/2025 · Versione 1.0 · Consulta anche l’",
    {
      "to": "/privacy-policy",
      "link": "Informativa sulla Privacy"
    },
    "."
  ]
};
