import { Fragment, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { Tag } from 'primereact/tag';
import type { Inline, LegalBlock, LegalDocument } from './legal-content.ts';
import './public.css';

/** In-page navigation that works with any router (hash or browser history). */
function scrollToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

function Text({ runs }: { runs: Inline[] }) {
  return runs.map((run, i) =>
    typeof run === 'string' ? (
      <Fragment key={i}>{run}</Fragment>
    ) : 'strong' in run ? (
      <strong key={i}>{run.strong}</strong>
    ) : (
      <Link key={i} to={run.to}>
        {run.link}
      </Link>
    ),
  );
}

function Block({ block }: { block: LegalBlock }) {
  if ('p' in block) {
    return (
      <p>
        <Text runs={block.p} />
      </p>
    );
  }
  return (
    <ul>
      {block.ul.map((item, i) => (
        <li key={i}>
          <Text runs={item} />
        </li>
      ))}
    </ul>
  );
}

/** A legal page (privacy policy, terms of service) from its content (legal-content.ts). */
export function LegalPage({ doc }: { doc: LegalDocument }) {
  return (
    <div className="pub-page pub-legal">
      <header className="pub-page-header">
        <h1 className="pub-page-title">{doc.title}</h1>
        <p className="pub-page-subtitle">{doc.subtitle}</p>
        <div className="pub-legal-meta pub-about-intro">
          <Tag value={doc.updated} icon="pi pi-calendar" severity="info" />
          <Tag value={doc.version} icon="pi pi-file" severity="secondary" />
        </div>
      </header>

      <article className="pub-legal-body">
        <nav className="pub-legal-toc" aria-label="Indice">
          <p className="pub-legal-toc-title">Indice</p>
          <ol>
            {doc.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} onClick={(event) => scrollToSection(event, section.id)}>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        {doc.sections.map((section, n) => (
          <Fragment key={section.id}>
            <h2 id={section.id}>
              {n + 1}. {section.title}
            </h2>
            {section.blocks.map((block, i) => (
              <Block key={i} block={block} />
            ))}
          </Fragment>
        ))}
      </article>

      <p className="pub-legal-footer">
        <Text runs={doc.footer} />
      </p>
    </div>
  );
}
