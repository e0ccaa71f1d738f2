/** The path of a media link without its signature: the same file, whoever it was made for. */
const mediaPath = (url: string) => new URL(url, 'http://x').pathname;
export const mediaPaths = (urls: string[]) => urls.map(mediaPath);
/** The store key a profile photo link names (`photos/….webp`). */
export const mediaKey = (url: string) => mediaPath(url).replace(/^\/media\//, '');
