/**
 * jsdom decodes no image. Tests get a stand-in for the browser's decoder (createImageBitmap,
 * installed by setup.ts) that reads a file's signature as a real decoder starts by doing: a JPEG,
 * PNG, WebP or AVIF is decoded, anything else (a text renamed `.jpg`) is refused as the browser
 * refuses it. `imageBytes` gives the test files the signature of their type.
 */
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Each type's first bytes; null is any byte (a length). */
const SIGNATURES: Record<string, Array<number | null>> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/webp': [...ascii('RIFF'), null, null, null, null, ...ascii('WEBP')],
  'image/avif': [null, null, null, null, ...ascii('ftypavif')],
};

/** The first bytes of an image of `type` (a JPEG's for an unknown type), then filler. */
export function imageBytes(type: string): Uint8Array<ArrayBuffer> {
  const signature = SIGNATURES[type] ?? SIGNATURES['image/jpeg'] ?? [];
  return Uint8Array.from([...signature.map((byte) => byte ?? 0x1c), ...new Array(16).fill(0)]);
}

const hasImageSignature = (bytes: Uint8Array) =>
  Object.values(SIGNATURES).some((signature) =>
    signature.every((byte, i) => byte === null || bytes[i] === byte),
  );

export async function fakeCreateImageBitmap(source: unknown): Promise<ImageBitmap> {
  if (!(source instanceof Blob)) throw new TypeError('The fake decoder reads files only');
  if (!hasImageSignature(new Uint8Array(await source.arrayBuffer()))) {
    throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
  }
  return { width: 16, height: 16, close: () => {} } as ImageBitmap;
}
