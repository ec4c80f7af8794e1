import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { Tag } from 'primereact/tag';
import './public.css';

const SECTIONS: { id: string; title: string }[] = [
  { id: 'oggetto', title: 'Oggetto' },
  { id: 'accesso', title: 'Accesso e account' },
  { id: 'uso-consentito', title: 'Uso consentito' },
  { id: 'proprieta', title: 'Proprietà intellettuale' },
  { id: 'responsabilita', title: 'Limitazione di responsabilità' },
  { id: 'disponibilita', title: 'Disponibilità del servizio' },
  { id: 'modifiche', title: 'Modifiche ai termini' },
  { id: 'legge', title: 'Legge applicabile e foro competente' },
];

/** In-page navigation that works with any router (hash or browser history). */
function scrollToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** Static terms of service (/terms-of-service). */
export default function TermsOfServicePage() {
  return (
    <div className="pub-page pub-legal">
      <header className="pub-page-header">
        <h1 className="pub-page-title">Termini di Servizio</h1>
        <p className="pub-page-subtitle">
          Condizioni generali di utilizzo dell’applicazione Computa.
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

        <h2 id="oggetto">1. Oggetto</h2>
        <p>
          I presenti Termini di Servizio disciplinano l’accesso e l’utilizzo di Computa (di
          seguito “il Servizio”), l’applicazione web che consente di caricare computi metrici
          estimativi in formato PDF, estrarne automaticamente le voci, confrontarle con i prezzari
          di riferimento (Prezzario DEI e Prezzario Regione Toscana), modificarne le righe ed
          esportarne i risultati.
        </p>
        <p>
          Utilizzando il Servizio, l’utente dichiara di aver letto e accettato i presenti Termini
          e l’<Link to="/privacy-policy">Informativa sulla Privacy</Link>.
        </p>

        <h2 id="accesso">2. Accesso e account</h2>
        <p>
          Il Servizio è riservato agli utenti abilitati. Gli account sono creati
          dall’amministratore, che ne stabilisce il ruolo (redattore o amministratore) e il
          periodo di validità dell’accesso.
        </p>
        <ul>
          <li>
            Le credenziali di accesso (username e password) sono personali e non possono essere
            cedute o condivise con terzi.
          </li>
          <li>
            Le chiavi API per l’accesso tramite token Bearer si ottengono dall’amministratore, sono
            legate a un singolo utente e devono essere custodite con la massima riservatezza.
          </li>
          <li>
            L’utente è responsabile di ogni attività svolta con le proprie credenziali o chiavi
            API e deve informare senza ritardo l’amministratore in caso di smarrimento o di uso
            non autorizzato.
          </li>
        </ul>

        <h2 id="uso-consentito">3. Uso consentito</h2>
        <p>L’utente si impegna a utilizzare il Servizio in modo lecito e conforme ai presenti Termini. In particolare è vietato:</p>
        <ul>
          <li>caricare documenti di cui non si dispone dei diritti o contenenti materiale illecito;</li>
          <li>
            tentare di accedere a dati, documenti o funzioni per i quali non si possiedono le
            autorizzazioni;
          </li>
          <li>
            compromettere o sovraccaricare il funzionamento del Servizio, anche tramite un uso
            automatizzato eccessivo delle interfacce di programmazione;
          </li>
          <li>
            decompilare, copiare, modificare o redistribuire il software o i dati dei prezzari
            resi disponibili tramite il Servizio.
          </li>
        </ul>

        <h2 id="proprieta">4. Proprietà intellettuale</h2>
        <p>
          Computa è un software proprietario. Tutti i diritti sul software, sull’interfaccia, sui
          marchi e sulla documentazione sono riservati al rispettivo titolare. L’utente riceve
          esclusivamente un diritto di utilizzo personale, non esclusivo e non trasferibile, per
          la durata del proprio account.
        </p>
        <p>
          Il Servizio è distribuito unicamente attraverso i canali di distribuzione ufficiali.
          Copie o versioni ottenute da canali diversi non sono autorizzate e non sono supportate.
        </p>
        <p>
          I documenti caricati restano di proprietà dell’utente o dei rispettivi aventi diritto. I
          prezzari sono opera dei rispettivi editori e restano soggetti ai relativi diritti.
        </p>

        <h2 id="responsabilita">5. Limitazione di responsabilità</h2>
        <p>
          L’estrazione delle voci e il confronto con i prezzari sono eseguiti in modo automatico e
          possono contenere errori o omissioni. I risultati dell’analisi automatica hanno valore
          di supporto e devono sempre essere verificati da un professionista qualificato prima di
          qualsiasi utilizzo tecnico, contrattuale o amministrativo.
        </p>
        <p>
          I prezzari di riferimento appartengono ai rispettivi editori (DEI e Regione Toscana);
          il Titolare non ne garantisce la completezza né l’aggiornamento e non risponde di
          eventuali inesattezze in essi contenute.
        </p>
        <p>
          Nei limiti consentiti dalla legge, il Titolare non è responsabile di danni diretti o
          indiretti derivanti dall’uso dei risultati del Servizio o dall’impossibilità di
          utilizzarlo, salvi i casi di dolo o colpa grave.
        </p>

        <h2 id="disponibilita">6. Disponibilità del servizio</h2>
        <p>
          Il Titolare si impegna a mantenere il Servizio disponibile con continuità, ma non ne
          garantisce il funzionamento ininterrotto o privo di errori. Il Servizio può essere
          sospeso, anche senza preavviso, per manutenzione, aggiornamenti o cause di forza
          maggiore.
        </p>
        <p>
          Il Titolare può sospendere o revocare l’accesso degli utenti che violino i presenti
          Termini.
        </p>

        <h2 id="modifiche">7. Modifiche ai termini</h2>
        <p>
          Il Titolare può modificare i presenti Termini in qualsiasi momento. La versione
          aggiornata è pubblicata su questa pagina con l’indicazione della data di ultima
          modifica; l’uso del Servizio dopo la pubblicazione comporta l’accettazione delle
          modifiche.
        </p>

        <h2 id="legge">8. Legge applicabile e foro competente</h2>
        <p>
          I presenti Termini sono regolati dalla legge italiana. Per qualsiasi controversia
          relativa alla loro interpretazione o esecuzione è competente in via esclusiva il foro
          della sede del Titolare, fatta salva l’applicazione delle norme inderogabili a tutela
          del consumatore, ove applicabili.
        </p>
      </article>

      <p className="pub-legal-footer">
        Ultima modifica: 11/06/2025 · Versione 1.0 · Consulta anche l’
        <Link to="/privacy-policy">Informativa sulla Privacy</Link>.
      </p>
    </div>
  );
}
