// DOM matchers (toBeVisible, toHaveTextContent, toHaveFocus...): a test asserts what a member sees.
import '@testing-library/jest-dom/vitest';
import { fakeCreateImageBitmap } from './image-files.ts';

// jsdom decodes no image: photo pickers check a file's bytes with this stand-in (image-files.ts).
globalThis.createImageBitmap ??= fakeCreateImageBitmap as typeof createImageBitmap;
