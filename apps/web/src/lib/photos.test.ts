import { describe, expect, it } from 'vitest';
import { moveItem, screenPhotos, shortenPhotoName } from './photos.ts';

const file = (name: string, type: string, size = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('shortenPhotoName', () => {
  it('keeps names of 15 characters or fewer and shortens longer ones', () => {
    expect(shortenPhotoName('fifteen-chars.j')).toBe('fifteen-chars.j');
    expect(shortenPhotoName('sixteen-chars.jp')).toBe('sixteen-chars.j…');
  });
});

describe('screenPhotos', () => {
  it('takes images up to six in all and says why it refused the others', () => {
    const chosen = [
      file('a.png', 'image/png'),
      file('b.txt', 'text/plain'),
      file('c.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1),
      file('d.webp', 'image/webp'),
      file('e.jpg', 'image/jpeg'),
    ];
    const { accepted, rejected } = screenPhotos(chosen, 4);
    expect(accepted.map((f) => f.name)).toEqual(['a.png', 'd.webp']);
    expect(rejected).toEqual([
      { reason: 'notImage', name: 'b.txt' },
      { reason: 'tooLarge', name: 'c.jpg' },
      { reason: 'tooMany', name: 'e.jpg' },
    ]);
  });
});

describe('moveItem', () => {
  it('moves one item, the others keeping their order, and stays within the list', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});
