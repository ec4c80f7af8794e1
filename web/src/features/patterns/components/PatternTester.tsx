import { useMemo, useState } from 'react';
import { Card } from 'primereact/card';
import { InputText } from 'primereact/inputtext';
import { applyPatterns, MAX_CODE_LENGTH } from '@shared/domain/pricing.ts';
import type { Pattern } from '@/features/patterns/types.ts';

/** 'Prova': a code after normalisation and the patterns in order, as the price lookup sees it (same RE2 engine). */
export function PatternTester({ patterns }: { patterns: Pattern[] }) {
  const [code, setCode] = useState('');
  const out = useMemo(() => (code.trim() ? applyPatterns(code.slice(0, MAX_CODE_LENGTH), patterns) : ''), [code, patterns]);
  return (
    <Card title="Prova" className="pz-card">
      <p className="hint" style={{ marginTop: 0 }}>
        Scrivi un codice per vedere come diventa dopo la normalizzazione e l&apos;applicazione dei pattern, nell&apos;ordine della tabella.
      </p>
      <div className="pz-tester">
        <InputText value={code} onChange={(e) => setCode(e.target.value)} maxLength={MAX_CODE_LENGTH} placeholder="Es. tos25 01.a03.001" aria-label="Codice da provare" />
        <i className="pi pi-arrow-right hint" aria-hidden />
        <output className="pz-tester-out" data-testid="pattern-test-result" aria-label="Codice risultante">
          {out}
        </output>
      </div>
    </Card>
  );
}
