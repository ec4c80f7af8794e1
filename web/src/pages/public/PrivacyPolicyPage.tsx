import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { Tag } from 'primereact/tag';
import './public.css';

const SECTIONS: { id: string; title: string }[] = [
  { id: 'titolare', title: 'Titolare del trattamento' },
  { id: 'dati-trattati', title: 'Dati trattati' },
  { id: 'finalita', title: 'Finalità e basi giuridiche' },
  { id: 'conservazione', title: 'Conservazione dei dati' },
  { id: 'cookie', title: 'Cookie' },
  { id: 'destinatari', title: 'Destinatari e trasferimenti' },
  { id: 'sicurezza', title: 'Sicurezza' },
  { id: 'diritti', title: 'Diritti dell’interessato' },
  { id: 'modifiche', title: 'Modifiche all’informativa' },
];

/** In-page navigation that works with any router (hash or browser history). */
function scrollToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** Static privacy policy (/privacy-policy). */
export default function PrivacyPolicyPage() {
  return (
    <div className="pub-page pub-legal">
      <header className="pub-page-header">
        <h1 className="pub-page-title">Informativa sulla Privacy</h1>
        <p className="pub-page-subtitle">
          Informativa sul trattamento dei dati personali ai sensi degli artt. 13 e 14 del
          Regolamento (UE) 2016/679 (GDPR).
        </p>
        <div className="pub-legal-meta pub-about-intro">
          <Tag value="Ultima modifica: 11/06/2025" icon="pi pi-calendar" severity="info" />
          <Tag value="Versione 1.0" icon="pi pi-file" severity="secondary" />
        </div>
      </header>

      <article className="pub-legal-body">
        <nav className="pub-legal-toc" aria-label="Indice">
          <p className="pub-legal-toc-title">Indice</p>
          <ol>
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} onClick={(event) => scrollToSection(event, section.id)}>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <h2 id="titolare">1. Titolare del trattamento</h2>
        <p>
          Il titolare del trattamento dei dati personali raccolti tramite l’applicazione Computa
          (di seguito “il Servizio”) è il soggetto che mette a disposizione il Servizio ai propri
          utenti (di seguito “il Titolare”).
        </p>
        <p>
          Per qualsiasi richiesta relativa al trattamento dei dati personali, compreso l’esercizio
          dei diritti descritti più avanti, è possibile contattare il Titolare tramite
          l’amministratore del Servizio, che provvederà a inoltrare la richiesta.
        </p>

        <h2 id="dati-trattati">2. Dati trattati</h2>
        <p>Nell’ambito del Servizio vengono trattate le seguenti categorie di dati:</p>
        <ul>
          <li>
            <strong>Dati dell’account</strong>: username, ruolo (redattore o amministratore),
            periodo di validità dell’accesso (data di inizio e di fine) e stato dell’utenza. La
            password non viene mai conservata in chiaro.
          </li>
          <li>
            <strong>Documenti caricati</strong>: i file PDF dei computi metrici caricati dagli
            utenti, con i relativi metadati (nome del file, provincia, tipologia DEI, data di
            caricamento, stato di elaborazione), e le righe estratte da ciascun documento (codice
            di tariffa, descrizione, unità di misura, quantità, prezzi e totali), comprese le
            modifiche apportate dagli utenti.
          </li>
          <li>
            <strong>Chiavi API</strong>: descrizione della chiave, utente associato e data di
            creazione.
          </li>
          <li>
            <strong>Dati tecnici e log</strong>: indirizzo IP, data e ora delle richieste,
            operazioni eseguite ed eventuali errori, registrati dai sistemi per il funzionamento e
            la sicurezza del Servizio.
          </li>
        </ul>
        <p>
          Il Servizio non richiede il trattamento di categorie particolari di dati personali (art.
          9 GDPR). Si invitano gli utenti a non caricare documenti contenenti dati di questo tipo.
        </p>

        <h2 id="finalita">3. Finalità e basi giuridiche</h2>
        <p>I dati sono trattati per le seguenti finalità, sulla base delle condizioni di liceità dell’art. 6 GDPR:</p>
        <ul>
          <li>
            <strong>Erogazione del Servizio</strong> (autenticazione, analisi dei documenti,
            confronto con i prezzari, modifica ed esportazione dei risultati): esecuzione del
            contratto o di misure precontrattuali adottate su richiesta dell’interessato (art. 6,
            par. 1, lett. b).
          </li>
          <li>
            <strong>Gestione delle utenze e delle chiavi API</strong> da parte degli
            amministratori: esecuzione del contratto (art. 6, par. 1, lett. b) e legittimo
            interesse del Titolare all’organizzazione del Servizio (art. 6, par. 1, lett. f).
          </li>
          <li>
            <strong>Sicurezza, prevenzione degli abusi e diagnostica</strong> tramite i log
            tecnici: legittimo interesse del Titolare (art. 6, par. 1, lett. f).
          </li>
          <li>
            <strong>Adempimento di obblighi di legge</strong> o di richieste delle autorità:
            obbligo legale (art. 6, par. 1, lett. c).
          </li>
        </ul>
        <p>I dati non sono utilizzati per finalità di marketing né per attività di profilazione.</p>

        <h2 id="conservazione">4. Conservazione dei dati</h2>
        <p>
          I dati dell’account sono conservati per tutta la durata dell’utenza e cancellati quando
          l’amministratore la elimina, salvo obblighi di conservazione previsti dalla legge. I
          documenti caricati e le righe estratte sono conservati finché l’utente o
          l’amministratore non li elimina. Le chiavi API sono conservate fino alla loro revoca.
        </p>
        <p>
          I log tecnici sono conservati per il tempo strettamente necessario alle finalità di
          sicurezza e diagnostica e comunque per un periodo limitato, al termine del quale vengono
          cancellati automaticamente.
        </p>

        <h2 id="cookie">5. Cookie</h2>
        <p>
          Il Servizio utilizza esclusivamente un cookie tecnico di sessione, necessario per
          mantenere l’utente autenticato dopo l’accesso con username e password. Il cookie è
          impostato come HttpOnly, non è accessibile dagli script della pagina e viene invalidato
          al logout o alla scadenza della sessione.
        </p>
        <p>
          Non sono utilizzati cookie di profilazione, di marketing o di terze parti. Trattandosi
          di un cookie strettamente necessario, non è richiesto il consenso dell’utente. Gli
          accessi effettuati tramite token Bearer (chiave API) non utilizzano cookie.
        </p>

        <h2 id="destinatari">6. Destinatari e trasferimenti</h2>
        <p>
          I dati possono essere trattati, per conto del Titolare, da fornitori di servizi
          infrastrutturali e di analisi dei documenti, nominati responsabili del trattamento ai
          sensi dell’art. 28 GDPR, esclusivamente per l’erogazione del Servizio. I dati non sono
          diffusi né ceduti a terzi.
        </p>
        <p>
          I dati sono conservati di norma all’interno dello Spazio Economico Europeo. Qualora un
          fornitore dovesse trattarli al di fuori dello Spazio Economico Europeo, il trasferimento
          avverrà solo in presenza di una decisione di adeguatezza della Commissione europea o di
          garanzie adeguate, come le clausole contrattuali tipo (artt. 44-49 GDPR).
        </p>

        <h2 id="sicurezza">7. Sicurezza</h2>
        <p>
          Il Titolare adotta misure tecniche e organizzative adeguate a proteggere i dati da
          accessi non autorizzati, perdita o alterazione, tra cui:
        </p>
        <ul>
          <li>password cifrate con l’algoritmo scrypt e mai conservate in chiaro;</li>
          <li>
            chiavi API conservate solo come impronta (hash): la chiave completa è mostrata una sola
            volta al momento della generazione e non può essere recuperata;
          </li>
          <li>comunicazioni protette da connessione cifrata (HTTPS);</li>
          <li>
            accesso ai dati limitato in base al ruolo e alla validità temporale dell’utenza.
          </li>
        </ul>

        <h2 id="diritti">8. Diritti dell’interessato</h2>
        <p>
          In qualità di interessato puoi esercitare in qualsiasi momento i diritti previsti dagli
          artt. 15-22 GDPR:
        </p>
        <ul>
          <li>diritto di accesso ai dati personali (art. 15);</li>
          <li>diritto di rettifica (art. 16);</li>
          <li>diritto alla cancellazione (art. 17);</li>
          <li>diritto di limitazione del trattamento (art. 18);</li>
          <li>diritto alla portabilità dei dati (art. 20);</li>
          <li>diritto di opposizione al trattamento basato sul legittimo interesse (art. 21);</li>
          <li>
            diritto di non essere sottoposto a decisioni basate unicamente su un trattamento
            automatizzato (art. 22).
          </li>
        </ul>
        <p>
          Le richieste possono essere inviate al Titolare tramite l’amministratore del Servizio.
          Hai inoltre il diritto di proporre reclamo al Garante per la protezione dei dati
          personali (www.garanteprivacy.it) o all’autorità di controllo dello Stato membro in cui
          risiedi o lavori.
        </p>

        <h2 id="modifiche">9. Modifiche all’informativa</h2>
        <p>
          La presente informativa può essere aggiornata per riflettere modifiche al Servizio o
          alla normativa. La versione in vigore è sempre pubblicata su questa pagina, con
          l’indicazione della data di ultima modifica.
        </p>
      </article>

      <p className="pub-legal-footer">
        Ultima modifica: 11/06/2025 · Versione 1.0 · Consulta anche i{' '}
        <Link to="/terms-of-service">Termini di servizio</Link>.
      </p>
    </div>
  );
}
