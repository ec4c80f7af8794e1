import { Link } from 'react-router-dom';
import { Card } from 'primereact/card';
import { Divider } from 'primereact/divider';
import './public.css';

interface Step {
  number: number;
  icon: string;
  title: string;
  paragraphs: string[];
}

const STEPS: Step[] = [
  {
    number: 1,
    icon: 'pi pi-cloud-upload',
    title: 'Carica il PDF',
    paragraphs: [
      'Scegli il file PDF del computo metrico estimativo da verificare.',
      'Indica la provincia, per il confronto con il Prezzario Regione Toscana, e la tipologia DEI dei lavori, per il confronto con il Prezzario DEI.',
      'Premi “Carica e Analizza”: il resto lo fa Computa.',
    ],
  },
  {
    number: 2,
    icon: 'pi pi-cog',
    title: 'Analisi automatica',
    paragraphs: [
      'Il servizio di analisi dei documenti legge il PDF ed estrae ogni voce del computo: codice di tariffa, descrizione, unità di misura (U.M.), quantità, prezzo unitario e totale.',
      'I documenti di oltre 15 pagine vengono suddivisi automaticamente in parti e analizzati senza alcun intervento da parte tua.',
    ],
  },
  {
    number: 3,
    icon: 'pi pi-check-circle',
    title: 'Risultati immediati',
    paragraphs: [
      'Ogni voce viene confrontata con i prezzari: per ciascuna riga vedi il prezzo di riferimento, la differenza in euro e la variazione percentuale, oltre al riepilogo dell’intero documento.',
      'Computa verifica anche la congruenza del totale dichiarato con la somma delle voci.',
      'Puoi correggere le righe, aggiornare i prezzi ed esportare il risultato in Excel.',
    ],
  },
];

/** Public page explaining the three-step workflow (/how-it-works). */
export default function HowItWorksPage() {
  return (
    <div className="pub-page">
      <header className="pub-page-header">
        <h1 className="pub-page-title">Come Funziona</h1>
        <p className="pub-page-subtitle">
          Dal PDF del computo metrico al confronto con i prezzari ufficiali in tre semplici passaggi.
        </p>
      </header>

      <ol className="pub-steps" aria-label="Passaggi">
        {STEPS.map((step) => (
          <li key={step.number} className="pub-step">
            <span className="pub-step-number" aria-hidden="true">
              {step.number}
            </span>
            <Card className="pub-card">
              <div className="pub-step-head">
                <i className={step.icon} aria-hidden="true" />
                <h2 className="pub-card-title">{step.title}</h2>
              </div>
              {step.paragraphs.map((text) => (
                <p key={text} className="pub-step-text">
                  {text}
                </p>
              ))}
            </Card>
          </li>
        ))}
      </ol>

      <Divider />

      <section className="pub-cta" aria-labelledby="pub-how-cta-title">
        <h2 id="pub-how-cta-title" className="pub-cta-title">
          Inizia subito
        </h2>
        <p className="pub-cta-text">
          Accedi per caricare il tuo primo computo metrico, oppure scopri tutte le funzionalità di
          Computa.
        </p>
        <div className="pub-actions">
          <Link to="/login" className="p-button p-component pub-button">
            <span className="p-button-icon p-button-icon-left pi pi-sign-in" aria-hidden="true" />
            <span className="p-button-label">Accedi</span>
          </Link>
          <Link to="/presentazione" className="p-button p-component p-button-outlined pub-button">
            <span className="p-button-icon p-button-icon-left pi pi-star" aria-hidden="true" />
            <span className="p-button-label">Scopri le funzionalità</span>
          </Link>
        </div>
      </section>
    </div>
  );
}
