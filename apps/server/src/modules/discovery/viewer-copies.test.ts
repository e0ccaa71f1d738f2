import { describe, expect, it } from 'vitest';
import { createViewerCopies } from './viewer-copies.ts';

describe('viewer copies', () => {
  it('hold at most their number, dropping the member least recently read', () => {
    const copies = createViewerCopies<string>(2);
    copies.set('amina', 'row of Amina');
    copies.set('karim', 'row of Karim');
    // Amina read again: Karim is now the oldest.
    expect(copies.get('amina')).toBe('row of Amina');
    copies.set('samira', 'row of Samira');
    expect(copies.get('karim')).toBeUndefined();
    expect(copies.get('amina')).toBe('row of Amina');
    expect(copies.get('samira')).toBe('row of Samira');
  });

  it('keep one copy per member, the last one read', () => {
    const copies = createViewerCopies<string>(2);
    copies.set('amina', 'old row');
    copies.set('amina', 'new row');
    copies.set('karim', 'row of Karim');
    expect(copies.get('amina')).toBe('new row');
    expect(copies.get('karim')).toBe('row of Karim');
  });
});
