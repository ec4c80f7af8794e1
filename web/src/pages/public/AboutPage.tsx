import { Link } from 'react-router-dom';
import { Card } from 'primereact/card';
import { Divider } from 'primereact/divider';
import { Tag } from 'primereact/tag';
import { Timeline } from 'primereact/timeline';
import { FEATURES, RELEASES, type Release } from './content';
import './public.css';

const LATEST = RELEASES[RELEASES.length - 1];

function isMajor(release: Release): boolean {
  return release.version.endsWith('.0');
}

function ReleaseMarker(release: Release) {
  const major = isMajor(release);
  return (
    <span
      className={major ? 'pub-timeline-marker pub-timeline-marker-major' : 'pub-timeline-marker'}
      aria-hidden="true"
    >
      <i className={major ? 'pi pi-star' : 'pi pi-history'} />
    </span>
  );
}

function ReleaseContent(release: Release) {
  return (
    <Card className="pub-card">
      <div className="pub-release-head">
        <span className="pub-release-month">{release.month}</span>
        <Tag
          value={`v${release.version}`}
          severity={isMajor(release) ? 'success' : 'info'}
          rounded
        />
      </div>
      <h3 className="pub-release-title">{release.title}</h3>
      <ul className="pub-list">
        {release.notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </Card>
  );
}

/** Public "about" page with the feature list and the release notes (/about). */
export default function AboutPage() {
  // Newest release first.
  const releases = [...RELEASES].reverse();

  return (
    <div className="pub-page">
      <header className="pub-page-header">
        <h1 className="pub-page-title">Informazioni</h1>
        <p className="pub-page-subtitle">
          Computa è un’applicazione web per l’analisi dei computi metrici estimativi con
          l’intelligenza artificiale e per la consultazione dei prezzari DEI e Regione Toscana.
        </p>
        <div className="pub-about-intro">
          <Tag value={`Versione ${LATEST.version}`} icon="pi pi-verified" severity="success" />
          <Tag value="Aggiornato a luglio 2025" icon="pi pi-calendar" severity="info" />
        </div>
      </header>

      <section className="pub-section" aria-labelledby="pub-about-features-title">
        <Card className="pub-card">
          <h2 id="pub-about-features-title" className="pub-section-title">
            Funzionalità
          </h2>
          <p className="pub-section-lead">Le principali funzioni disponibili nella versione attuale.</p>
          <ul className="pub-feature-list">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="pub-feature-item">
                <i className={feature.icon} aria-hidden="true" />
                <div>
                  <strong>{feature.title}</strong>
                  <span>{feature.text}</span>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      </section>

      <section className="pub-section" aria-labelledby="pub-about-releases-title">
        <h2 id="pub-about-releases-title" className="pub-section-title">
          Note di rilascio
        </h2>
        <p className="pub-section-lead">
          L’evoluzione di Computa da gennaio a luglio 2025, dalla prima versione alla 2.0.
        </p>
        <Timeline
          className="pub-timeline"
          value={releases}
          dataKey="version"
          marker={ReleaseMarker}
          content={ReleaseContent}
        />
      </section>

      <Divider />

      <nav className="pub-links" aria-label="Altre pagine">
        <Link to="/presentazione">Presentazione</Link>
        <Link to="/how-it-works">Come Funziona</Link>
        <Link to="/privacy-policy">Privacy</Link>
        <Link to="/terms-of-service">Termini di servizio</Link>
      </nav>
    </div>
  );
}
