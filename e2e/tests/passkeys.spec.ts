import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';

test.afterEach(closeMemberBrowsers);

/**
 * Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a platform
 * authenticator (ctap2, internal) that keeps discoverable credentials and verifies its user, as
 * a phone's or a laptop's screen lock does, and answers without a person touching anything.
 */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function credentialsIn(cdp: CDPSession, authenticatorId: string) {
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  return credentials;
}

type Authenticator = Awaited<ReturnType<typeof virtualAuthenticator>>;

/**
 * Logs out from the menu. The authenticator holds still meanwhile, as a phone waits for its
 * owner to pick a passkey in the autofill (the virtual one would answer the login page's request
 * at once, racing the logout): the session is gone from the browser and from the server, then
 * the authenticator answers again, from the login page's next request (the one left waiting
 * stays so: a reload is the member coming back to pick her passkey).
 */
async function logOut(page: Page, { cdp, authenticatorId }: Authenticator) {
  await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false });
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  await page
    .getByRole('button', { name: /menu|profile/i })
    .first()
    .click();
  await page.getByRole('menuitem', { name: /log ?out|déconnexion|se déconnecter/i }).click();
  await expect(page).toHaveURL(/\/(fr\/?)?$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  const me = await page.request.get('/api/users/me', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(me.status()).toBe(401);
  await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: true });
}

test('a member adds a passkey, signs out, signs in through autofill, then removes it', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const member = await registerMember(request);
  const page = await loggedInPage(browser, member, { path: '/mon-profil' });
  const authenticator = await virtualAuthenticator(page);
  const { cdp, authenticatorId } = authenticator;

  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section).toContainText('You have no passkey yet.');
  await section.getByLabel('Name of the new passkey').fill('Work laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section).toContainText('Your passkey was added.');
  const list = section.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Work laptop');
  await expect(list).toContainText('never used yet');
  // The authenticator holds one discoverable credential for this site: a passkey.
  const held = await credentialsIn(cdp, authenticatorId);
  expect(held).toHaveLength(1);
  expect(held[0]?.isResidentCredential).toBe(true);
  expect(held[0]?.rpId).toBe('localhost');

  // Signed out, the login page offers the passkey in the username field's autofill
  // (conditional mediation): the authenticator answers it and the member is in, no password.
  await logOut(page, authenticator);
  await page.reload();
  await expect(page.getByLabel('Username or e-mail')).toHaveAttribute(
    'autocomplete',
    'username webauthn',
  );
  await expect(page).toHaveURL(/\/suggestions$/, { timeout: 15_000 });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // The sign-in was counted on the passkey, which the member then removes.
  await page.goto('/mon-profil');
  await expect(list).not.toContainText('never used yet');
  await expect(list).toContainText('last used on');
  await list.getByRole('button', { name: 'Remove the passkey Work laptop' }).click();
  await list.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(section).toContainText('The passkey was removed.');
  await expect(section).toContainText('You have no passkey yet.');

  // The authenticator still holds it, but the server no longer knows it: signing in with it
  // is refused and the member stays on the login page.
  await logOut(page, authenticator);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'This passkey is not registered with Mawadda.',
  );
  await expect(page).toHaveURL(/\/$/);
});

test('en français, une membre désactive son mot de passe en prouvant sa clé d’accès, puis se connecte sans lui', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const member = await registerMember(request);
  const page = await loggedInPage(browser, member, { path: '/fr/mon-profil' });
  const authenticator = await virtualAuthenticator(page);
  const { cdp, authenticatorId } = authenticator;

  const section = page.getByRole('region', { name: 'Clés d’accès' });
  await expect(section).toContainText('Vous n’avez pas encore de clé d’accès.');
  // Without a passkey, the password cannot be turned off.
  await expect(section.getByRole('button', { name: 'Désactiver mon mot de passe' })).toHaveCount(0);
  await section.getByLabel('Nom de la nouvelle clé d’accès').fill('Téléphone');
  await section.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
  await expect(section).toContainText('Votre clé d’accès a été ajoutée.');
  await expect(section.getByRole('list', { name: 'Vos clés d’accès' })).toContainText(
    'Sur un seul appareil',
  );

  // The session was opened with the password: the passkey is proved first (the step-up), then
  // the password is off.
  await section.getByRole('button', { name: 'Désactiver mon mot de passe' }).click();
  await expect(section).toContainText('Votre mot de passe est désactivé. Vous vous connectez');
  await expect(
    section.getByRole('link', { name: 'Le réactiver en en choisissant un nouveau' }),
  ).toBeVisible();
  const held = await credentialsIn(cdp, authenticatorId);
  expect(held[0]?.signCount).toBeGreaterThan(0);
  const withPassword = await request.post('/api/auth/login', {
    data: { username: member.username, password: member.password },
  });
  expect(withPassword.status()).toBe(401);

  // Her last passkey is now her only way in: the page says why it stays.
  const list = section.getByRole('list', { name: 'Vos clés d’accès' });
  await list.getByRole('button', { name: 'Supprimer la clé d’accès Téléphone' }).click();
  await list.getByRole('button', { name: 'Oui, la supprimer' }).click();
  await expect(section).toContainText('C’est votre dernière clé d’accès');

  // Signed out, the passkey signs her back in from the login page's autofill.
  await logOut(page, authenticator);
  await page.reload();
  await expect(page).toHaveURL(/\/suggestions$/, { timeout: 15_000 });
});
