import { afterEach, beforeEach, vi } from 'vitest';

/**
 * What the page handed the browser to save, as a link with `download` (lib/save-file.ts): each
 * file's name, size and text. jsdom has no object URLs and cannot save a file, so the test
 * stands in for the browser; call once at the top of a test file.
 */
export function savedFiles() {
  const saved: Array<{ name: string; size: number; blob: Blob | undefined }> = [];
  const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  beforeEach(() => {
    saved.length = 0;
    const blobs = new Map<string, Blob>();
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:copy-${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: (url: string) => blobs.delete(url),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      const blob = blobs.get(this.href);
      saved.push({ name: this.download, size: blob?.size ?? -1, blob });
    });
  });
  afterEach(() => {
    Object.assign(URL, objectUrls);
  });
  return saved;
}
