import { expect, type Page, type WebSocket } from '@playwright/test';

type TrackWindow = Window & { callTracks?: MediaStreamTrack[] };

/**
 * From the next page load on, every track getUserMedia gives this page is kept on
 * `window.callTracks`, so a journey can see the camera and microphone released (the app
 * exposes nothing of its own).
 */
export async function keepMediaTracks(page: Page) {
  await page.context().addInitScript(() => {
    const media = navigator.mediaDevices;
    if (!media) return;
    const original = media.getUserMedia.bind(media);
    const tracks: MediaStreamTrack[] = [];
    (window as TrackWindow).callTracks = tracks;
    media.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      tracks.push(...stream.getTracks());
      return stream;
    };
  });
}

/** The tracks getUserMedia gave the page: their kind, state and whether they are enabled. */
export function mediaTracks(page: Page) {
  return page.evaluate(() =>
    ((window as TrackWindow).callTracks ?? []).map((t) => ({
      kind: t.kind,
      readyState: t.readyState,
      enabled: t.enabled,
    })),
  );
}

/** Frames the video element has decoded so far (0 until the other side's picture plays). */
export function decodedFrames(page: Page, label: string) {
  return page
    .getByLabel(label)
    .evaluate((video: HTMLVideoElement) => video.getVideoPlaybackQuality().totalVideoFrames);
}

/**
 * Opens `path` and waits until the page listens for calls (its socket SENT the SUBSCRIBE to
 * `/topic/call/…`): an offer relayed before that would reach no one.
 */
export async function openReadyForCalls(page: Page, path: string) {
  let listening = false;
  const onSocket = (socket: WebSocket) => {
    socket.on('framesent', (frame) => {
      const text = String(frame.payload);
      if (text.startsWith('SUBSCRIBE') && text.includes('destination:/topic/call/')) {
        listening = true;
      }
    });
  };
  page.on('websocket', onSocket);
  await page.goto(path);
  await expect.poll(() => listening).toBe(true);
  page.off('websocket', onSocket);
}
