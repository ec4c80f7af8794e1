import { Link } from 'react-router-dom';
import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import { FEATURES } from './content';
import './public.css';

interface Audience {
  icon: string;
  title: string;
  text: string;
  points: string[];
}

const AUDIENCES: Audience[] = [
  {
    icon: 'pi pi-calculator',
    title: 'Estimatori',
    text: 'Chi redige o controlla stime dei costi e vuole verificare in pochi minuti la congruità dei prezzi.',
    points: [
      'Confronto voce per voce con i prezzari ufficiali',
      'Differenza totale in euro e in percentuale',
    ],
  },
  {
    icon: 'pi pi-building',
    title: 'Ingegneri e progettisti',
    text: 'Professionisti che devono validare i computi metrici estimativi di un progetto prima della consegna.',
    points: [
      'Verifica di congruenza del totale del documento',
      'Esportazione Excel per la relazione tecnica',
    ],
  },
  {
    icon: 'pi pi-user-edit',
    title: 'Uffici tecnici e redattori',
    text: 'Uffici tecnici di enti e imprese che ricevono computi da verificare e correggere ogni giorno.',
    points: [
      'Modifica, unione e duplicazione delle righe',
      'Archivio dei documenti sempre consultabile',
    ],
  },
  {
    icon: 'pi pi-cog',
    title: 'Amministratori',
    text: 'Chi gestisce la piattaforma per il proprio team e mantiene aggiornati i dati di riferimento.',
    points: [
      'Caricamento dei prezzari DEI e Regione Toscana',
      'Gestione di utenti, chiavi API, pattern e tipologie DEI',
    ],
  },
];

/** Public marketing page (/presentazione). */
export default function PresentazionePage() {
  return (
    <div className="pub-page">
      <section className="pub-hero" aria-labelledby="pub-hero-title">
        <span className="pub-hero-badge">
          <i className="pi pi-bolt" aria-hidden="true" />
          Analisi dei computi metrici con l’intelligenza artificiale
        </span>
        <h1 id="pub-hero-title" className="pub-hero-title">
          Computa
        </h1>
        <p className="pub-hero-pitch">
          Carica il tuo computo metrico estimativo in PDF e scopri in pochi minuti, voce per voce,
          quanto si discosta dai prezzari ufficiali.
        </p>
        <div className="pub-actions">
          <Link to="/login" className="p-button p-component pub-button pub-button-light">
            <span className="p-button-icon p-button-icon-left pi pi-sign-in" aria-hidden="true" />
            <span className="p-button-label">Accedi</span>
          </Link>
          <Link to="/how-it-works" className="p-button p-component pub-button pub-button-ghost">
            <span className="p-button-icon p-button-icon-left pi pi-question-circle" aria-hidden="true" />
            <span className="p-button-label">Come funziona</span>
          </Link>
        </div>
      </section>

      <section className="pub-section" aria-labelledby="pub-features-title">
        <h2 id="pub-features-title" className="pub-section-title">
          Funzionalità
        </h2>
        <p className="pub-section-lead">
          Tutto ciò che serve per verificare un computo metrico: dall’estrazione delle voci al
          confronto con il Prezzario DEI e con il Prezzario Regione Toscana, fino all’esportazione
          in Excel.
        </p>
        <div className="pub-grid pub-grid-two">
          {FEATURES.map((feature) => (
            <Card key={feature.title} className="pub-card">
              <div className="pub-card-row">
                <span className="pub-card-icon" aria-hidden="true">
                  <i className={feature.icon} />
                </span>
                <div>
                  <h3 className="pub-card-title">{feature.title}</h3>
                  <p className="pub-card-text">{feature.text}</p>
                </div>
              </div>
            </Card>
          ))}
        </div>
      </section>

      <section className="pub-section" aria-labelledby="pub-audience-title">
        <h2 id="pub-audience-title" className="pub-section-title">
          Per chi è pensato
        </h2>
        <p className="pub-section-lead">
          Computa è pensato per chi lavora ogni giorno con computi metrici estimativi e prezzari
          regionali.
        </p>
        <div className="pub-grid pub-grid-two">
          {AUDIENCES.map((audience) => (
            <Card key={audience.title} className="pub-card">
              <span className="pub-card-icon" aria-hidden="true">
                <i className={audience.icon} />
              </span>
              <h3 className="pub-card-title">{audience.title}</h3>
              <p className="pub-card-text">{audience.text}</p>
              <ul className="pub-list">
                {audience.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
      </section>

      <section className="pub-cta" aria-labelledby="pub-cta-title">
        <Tag value="Versione 2.0" icon="pi pi-verified" severity="success" className="pub-cta-tag" />
        <h2 id="pub-cta-title" className="pub-cta-title">
          Pronto a verificare il tuo primo computo?
        </h2>
        <p className="pub-cta-text">
          Accedi con le credenziali fornite dall’amministratore oppure scopri passo dopo passo come
          funziona l’analisi.
        </p>
        <div className="pub-actions">
          <Link to="/login" className="p-button p-component pub-button">
            <span className="p-button-icon p-button-icon-left pi pi-sign-in" aria-hidden="true" />
            <span className="p-button-label">Accedi</span>
          </Link>
          <Link to="/how-it-works" className="p-button p-component p-button-outlined pub-button">
            <span className="p-button-icon p-button-icon-left pi pi-question-circle" aria-hidden="true" />
            <span className="p-button-label">Come funziona</span>
          </Link>
        </div>
      </section>
    </div>
  );
}
