import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  decodedFrames,
  keepMediaTracks,
  mediaTracks,
  openReadyForCalls,
} from '../support/calls.ts';
import { match } from '../support/match.ts';
import { type Member, registerMember } from '../support/members.ts';
import { subscribe } from '../support/payments.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

// Chromium's fake camera and microphone (playwright.config.ts) are granted without asking; the
// e2e server gives no STUN server (no internet here): the two browsers connect over their host
// candidates.

/** A member logged in on a browser of their own that keeps the tracks it opens. */
async function caller(browser: Browser, member: Member) {
  const page = await loggedInPage(browser, member);
  await keepMediaTracks(page);
  return page;
}

const callView = (page: Page, name: string) =>
  page.getByRole('region', { name: `Call with ${name}` });

/** Every camera and microphone track the page opened is released (at least one was opened). */
async function expectTracksStopped(page: Page) {
  await expect.poll(() => mediaTracks(page)).not.toEqual([]);
  await expect
    .poll(async () => (await mediaTracks(page)).every((t) => t.readyState === 'ended'))
    .toBe(true);
}

/** A conversation entry, found by its text. */
const entry = (page: Page, text: string | RegExp) =>
  page
    .getByRole('region', { name: /^Messages with/ })
    .getByTestId('call-entry')
    .filter({
      hasText: text,
    });

test('A video call: B accepts, both see the other, A mutes and hangs up, both cameras are released', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const moussa = await registerMember(request, { name: `Moussa ${tag}`, gender: 'homme' });
  const aminata = await registerMember(request, { name: `Aminata ${tag}`, gender: 'femme' });
  const { bId } = await match(request, moussa, aminata);
  await subscribe(request, moussa);
  const his = await caller(browser, moussa);
  const hers = await caller(browser, aminata);

  // He calls from the conversation; she is on her suggestions.
  await openReadyForCalls(his, `/chat?userId=${bId}`);
  await openReadyForCalls(hers, '/suggestions');
  await his.getByRole('button', { name: `Video call with Aminata ${tag}` }).click();
  await expect(callView(his, `Aminata ${tag}`).getByRole('status')).toHaveText(
    `Calling Aminata ${tag} for a video call…`,
  );
  const modal = hers.getByRole('dialog', { name: 'Incoming video call' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(`Moussa ${tag} is calling you.`);
  await modal.getByRole('button', { name: 'Accept' }).click();

  // Both in the call, each decoding the other's picture.
  for (const [page, other] of [
    [his, `Aminata ${tag}`],
    [hers, `Moussa ${tag}`],
  ] as const) {
    await expect(callView(page, other).getByRole('status')).toHaveText(`Video call with ${other}`, {
      timeout: 15_000,
    });
    // The call's length as every call's is written, in its entry too: "4 sec", not "00:04".
    await expect(callView(page, other).getByRole('timer')).toHaveText(/^\d+\ssec$/);
    await expect.poll(() => decodedFrames(page, `Video of ${other}`)).toBeGreaterThan(0);
  }

  // He mutes: the button says so and his microphone sends nothing.
  const mute = callView(his, `Aminata ${tag}`).getByRole('button', { name: 'Mute the microphone' });
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  const audio = (await mediaTracks(his)).filter((t) => t.kind === 'audio');
  expect(audio.length).toBeGreaterThan(0);
  expect(audio.every((t) => !t.enabled)).toBe(true);

  // He hangs up: both back to idle, camera and microphone released on both sides.
  await callView(his, `Aminata ${tag}`).getByRole('button', { name: 'End the call' }).click();
  await expect(callView(his, `Aminata ${tag}`)).toBeHidden();
  await expect(callView(hers, `Moussa ${tag}`)).toBeHidden();
  await expect(hers.getByText(`The call with Moussa ${tag} has ended.`)).toBeVisible();
  await expectTracksStopped(his);
  await expectTracksStopped(hers);

  // The call is in the conversation.
  await expect(entry(his, /Video call · \d+\ssec/)).toBeVisible();
});

test('A voice call B declines: A is told, and both conversations show it', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const ibrahima = await registerMember(request, { name: `Ibrahima ${tag}`, gender: 'homme' });
  const mariama = await registerMember(request, { name: `Mariama ${tag}`, gender: 'femme' });
  const { aId, bId } = await match(request, ibrahima, mariama);
  await subscribe(request, ibrahima);
  const his = await caller(browser, ibrahima);
  const hers = await caller(browser, mariama);

  await openReadyForCalls(his, `/chat?userId=${bId}`);
  await openReadyForCalls(hers, `/chat?userId=${aId}`);
  await his.getByRole('button', { name: `Voice call with Mariama ${tag}` }).click();
  const modal = hers.getByRole('dialog', { name: 'Incoming voice call' });
  await expect(modal).toContainText(`Ibrahima ${tag} is calling you.`);
  await modal.getByRole('button', { name: 'Refuse' }).click();
  await expect(modal).toBeHidden();

  await expect(his.getByText(`Mariama ${tag} declined the call.`)).toBeVisible();
  await expect(callView(his, `Mariama ${tag}`)).toBeHidden();
  await expectTracksStopped(his);
  // She never opened her microphone.
  expect(await mediaTracks(hers)).toEqual([]);

  await expect(entry(his, 'Voice call declined')).toBeVisible();
  await expect(entry(hers, 'Voice call declined')).toBeVisible();
});

test('B is in a call with A when C calls B: C hears busy, the first call goes on', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const tag = String(Date.now()).slice(-6);
  const awa = await registerMember(request, { name: `Awa ${tag}`, gender: 'femme' });
  const omar = await registerMember(request, { name: `Omar ${tag}`, gender: 'homme' });
  const fatou = await registerMember(request, { name: `Fatou ${tag}`, gender: 'femme' });
  const { bId: omarId } = await match(request, awa, omar);
  await match(request, fatou, omar);
  // Calls are for subscribers.
  await subscribe(request, awa);
  await subscribe(request, fatou);
  const a = await caller(browser, awa);
  const b = await caller(browser, omar);
  const c = await caller(browser, fatou);

  await openReadyForCalls(a, `/chat?userId=${omarId}`);
  await openReadyForCalls(b, '/suggestions');
  await openReadyForCalls(c, `/chat?userId=${omarId}`);
  await a.getByRole('button', { name: `Voice call with Omar ${tag}` }).click();
  await b
    .getByRole('dialog', { name: 'Incoming voice call' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(callView(a, `Omar ${tag}`).getByRole('status')).toHaveText(
    `Voice call with Omar ${tag}`,
    { timeout: 15_000 },
  );
  await expect(callView(b, `Awa ${tag}`).getByRole('status')).toHaveText(
    `Voice call with Awa ${tag}`,
  );

  await c.getByRole('button', { name: `Video call with Omar ${tag}` }).click();
  await expect(c.getByText(`Omar ${tag} is already in a call. Try again later.`)).toBeVisible();
  await expect(callView(c, `Omar ${tag}`)).toBeHidden();
  await expectTracksStopped(c);

  // Omar was not disturbed, and his call with Awa goes on.
  await expect(b.getByRole('dialog')).toHaveCount(0);
  await expect(callView(a, `Omar ${tag}`).getByRole('status')).toHaveText(
    `Voice call with Omar ${tag}`,
  );
  await expect(callView(b, `Awa ${tag}`).getByRole('status')).toHaveText(
    `Voice call with Awa ${tag}`,
  );
  await expect(callView(b, `Awa ${tag}`).getByRole('timer')).toBeVisible();

  await callView(a, `Omar ${tag}`).getByRole('button', { name: 'End the call' }).click();
  await expect(callView(b, `Awa ${tag}`)).toBeHidden();
});
