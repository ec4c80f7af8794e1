/**
 * The pure rules of undoing a province or typology change (issue 26): where a row stands against
 * its snapshot, which rows forbid the undo, and what each row becomes.
 */
import { describe, expect, it } from 'vitest';
import { rowsBlockingSettingsUndo, settingsRowState, undoneSettingsRow, type SnapshotRow } from '../../../shared/domain/settings-undo.ts';

type Row = SnapshotRow & Record<string, unknown>;

/** A row as the snapshot has it: on the old typology, unpriced. */
const before: Row = {
  id: 7,
  row_index: 3,
  version: 4,
  field_versions: { descrizione: 2 },
  descrizione: 'Scavo',
  quantita: 2,
  unitario: 10,
  totale: 20,
  tipologia_dei: 'nuove_costruzioni',
  prezzo_db: null,
  prezzo_totale_db: null,
  price_source: null,
};
/** The same row as the settings change left it: new typology, priced (keys in another order). */
const moved: Row = {
  price_source: { list: 'toscana', key: 'LU', year: 2025, code: 'TOS', prezzo: 12 },
  prezzo_totale_db: 24,
  prezzo_db: 12,
  tipologia_dei: 'ristrutturazione_manutenzione',
  totale: 20,
  unitario: 10,
  quantita: 2,
  descrizione: 'Scavo',
  row_index: 3,
  id: 7,
  version: 5,
  field_versions: { descrizione: 2, tipologia_dei: 5, prezzo_db: 5 },
  differenza_totale_db: 4,
  variazione_percentuale: 20,
  price_reason: null,
};

describe('settingsRowState', () => {
  it('tells untouched, moved and changed rows apart', () => {
    // Prepare
    const restored = { ...before, version: 6, same_as_version: 4 };
    const edited = { ...moved, version: 6, descrizione: 'Scavo a mano' };
    const replaced = { ...moved, id: 8 };

    // Act
    const states = [before, restored, moved, edited, replaced, undefined].map((now) => settingsRowState(before, now));

    // Assess
    expect(states).toEqual(['untouched', 'untouched', 'moved', 'changed', 'changed', 'changed']);
  });
});

describe('rowsBlockingSettingsUndo', () => {
  it('names the rows changed or gone since the snapshot', () => {
    // Prepare
    const other = { ...before, id: 9, row_index: 4 };
    const gone = { ...before, id: 10, row_index: 5 };
    const current = new Map<number, Row>([
      [3, moved],
      [4, { ...other, version: 5, quantita: 3 }],
    ]);

    // Act
    const blocking = rowsBlockingSettingsUndo([before, other, gone], current);

    // Assess
    expect(blocking).toEqual([4, 5]);
  });
});

describe('undoneSettingsRow', () => {
  it('puts a moved row back exactly, one version above, marked as the snapshot content', () => {
    // Act
    const next = undoneSettingsRow(before, moved)!;

    // Assess
    const { version, field_versions, same_as_version, ...values } = next;
    const { version: _v, field_versions: _f, ...expected } = before;
    expect(values).toEqual(expected);
    expect([version, same_as_version, field_versions?.tipologia_dei]).toEqual([6, 4, 6]);
  });

  it('writes nothing for an untouched row or one that went', () => {
    expect(undoneSettingsRow(before, before)).toBeNull();
    expect(undoneSettingsRow(before, undefined)).toBeNull();
    expect(undoneSettingsRow(before, { ...moved, id: 8 })).toBeNull();
  });

  it('keeps the change of a row edited meanwhile and gives it back its old price fields', () => {
    // Prepare: another editor doubled the quantity after the settings change priced the row.
    const edited: Row = { ...moved, version: 6, quantita: 4, totale: 40, prezzo_totale_db: 48 };
    const oldPrice: Row = { ...before, prezzo_db: 11, prezzo_totale_db: 22, price_source: { list: 'toscana', key: 'LU', year: 2024, code: 'TOS', prezzo: 11 } };

    // Act
    const next = undoneSettingsRow(oldPrice, edited)!;

    // Assess: the quantity stays, the price and typology are the snapshot's, the amounts follow.
    expect(next).toMatchObject({ quantita: 4, totale: 40, tipologia_dei: 'nuove_costruzioni', prezzo_db: 11, prezzo_totale_db: 44, differenza_totale_db: 4, version: 7 });
    expect(next.price_source).toEqual(oldPrice.price_source);
  });
});
