/** What browsers' MediaRecorder makes: Opus in WebM (Chrome, Firefox) or Ogg, AAC in MP4 (Safari). */
export const VOICE_FORMATS = [
  { container: /webm|matroska/i, codec: /opus/i, extension: '.webm', type: 'audio/webm' },
  { container: /ogg/i, codec: /opus/i, extension: '.ogg', type: 'audio/ogg' },
  { container: /mpeg-4|mp4|m4a/i, codec: /aac/i, extension: '.m4a', type: 'audio/mp4' },
] as const;

/** The content type a private media key is served with, from the extension we gave it. */
export function contentTypeOf(key: string): string | undefined {
  if (key.endsWith('.webp')) return 'image/webp';
  return VOICE_FORMATS.find((f) => key.endsWith(f.extension))?.type;
}
