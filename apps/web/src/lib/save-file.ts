/**
 * How long a downloaded file stays in the page's memory: the browser has taken it long before;
 * without this, it would be held until the page closes.
 */
const SAVED_FILE_KEPT_MS = 60_000;

/** Hands `blob` to the browser as a file to save, as a link with `download` would. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), SAVED_FILE_KEPT_MS);
}
