import { describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';

import PresentazionePage from '../../../web/src/pages/public/PresentazionePage';
import HowItWorksPage from '../../../web/src/pages/public/HowItWorksPage';
import AboutPage from '../../../web/src/pages/public/AboutPage';
import PrivacyPolicyPage from '../../../web/src/pages/public/PrivacyPolicyPage';
import TermsOfServicePage from '../../../web/src/pages/public/TermsOfServicePage';

/** Renders a page inside a router and returns its HTML with entities decoded and
 *  React's text separators (`<!-- -->`) removed, so assertions can use plain text. */
function render(Page: ComponentType, path: string): string {
  const html = renderToString(
    <MemoryRouter initialEntries={[path]}>
      <Page />
    </MemoryRouter>,
  );
  return html
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe('PresentazionePage', () => {
  const html = render(PresentazionePage, '/presentazione');

  it('shows the product name and the calls to action', () => {
    expect(html).toContain('Computa');
    expect(html).toContain('Accedi');
    expect(html).toContain('Come funziona');
    expect(html).toContain('href="/login"');
    expect(html).toContain('href="/how-it-works"');
  });

  it('lists the marketing claims and the audience', () => {
    for (const text of [
      'Analisi PDF con AI',
      'Riconoscimento codici tariffa',
      'variazione percentuale',
      'Unione e aggiornamento massivo',
      'Esportazione Excel',
      'Duplicazione selettiva',
      'titolo personalizzato',
      'JSON:API',
      'Bearer',
      'cookie di sessione',
      'Tipologie DEI dinamiche',
      'Estimatori',
      'Ingegneri',
      'Uffici tecnici',
      'Amministratori',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain('pi pi-file-pdf');
  });
});

describe('HowItWorksPage', () => {
  const html = render(HowItWorksPage, '/how-it-works');

  it('shows the title and exactly the three steps in order', () => {
    expect(html).toContain('Come Funziona');
    const steps = ['Carica il PDF', 'Analisi automatica', 'Risultati immediati'];
    const positions = steps.map((step) => html.indexOf(step));
    positions.forEach((pos) => expect(pos).toBeGreaterThan(-1));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(html.match(/class="pub-step"/g)).toHaveLength(3);
  });

  it('explains upload, extraction and results', () => {
    for (const text of ['provincia', 'tipologia DEI', 'U.M.', '15 pagine', 'variazione percentuale', 'congruenza', 'Excel']) {
      expect(html).toContain(text);
    }
  });
});

describe('AboutPage', () => {
  const html = render(AboutPage, '/about');

  it('shows the title and the feature list', () => {
    expect(html).toContain('Informazioni');
    expect(html).toContain('Funzionalità');
    expect(html).toContain('Esportazione Excel');
  });

  it('shows one release note per month from January to July 2025, up to v2.0', () => {
    const months = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio'];
    for (const month of months) {
      expect(html).toContain(`${month} 2025`);
    }
    expect(html).toContain('v1.0');
    expect(html).toContain('v2.0');
    expect(html).toContain('p-timeline');
    expect(html.match(/data-pc-section="event"/g)).toHaveLength(7);
  });
});

describe('legal pages', () => {
  const privacy = render(PrivacyPolicyPage, '/privacy-policy');
  const terms = render(TermsOfServicePage, '/terms-of-service');

  it('show the last modification date and the version', () => {
    for (const html of [privacy, terms]) {
      expect(html).toContain('Ultima modifica: 11/06/2025');
      expect(html).toContain('Versione 1.0');
    }
  });

  it('privacy policy covers the required topics', () => {
    for (const text of ['il Titolare', 'amministratore', 'username', 'ruolo', 'art. 6', 'HttpOnly', 'artt. 15-22', 'scrypt', 'impronta', 'Conservazione', 'trasferimenti']) {
      expect(privacy).toContain(text);
    }
  });

  it('terms of service cover the required topics', () => {
    for (const text of [
      'software proprietario',
      'canali di distribuzione ufficiali',
      'chiavi API',
      'professionista',
      'rispettivi editori',
      'legge italiana',
      'foro',
    ]) {
      expect(terms).toContain(text);
    }
  });
});
