import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { registerMember } from '../support/members.ts';
import { OLDER_MEMBER } from '../support/older-member.ts';

test.describe('The consent to the processing of data revealing religion', () => {
  test('a member registered before the question is asked at login, reads the policy, and consents', async ({
    page,
    request,
  }) => {
    // Her login itself works and her profile says the consent is missing; another member, who
    // consented at registration, cannot see her meanwhile.
    const token = async (username: string, password: string) => {
      const login = await request.post('/api/auth/login', { data: { username, password } });
      expect(login.status()).toBe(200);
      return ((await login.json()) as { token: string }).token;
    };
    const own = await request.get('/api/users/me', {
      headers: {
        authorization: `Bearer ${await token(OLDER_MEMBER.username, OLDER_MEMBER.password)}`,
      },
    });
    const { id, consentRequired } = (await own.json()) as { id: string; consentRequired: boolean };
    expect(consentRequired).toBe(true);
    const viewer = await registerMember(request, { name: 'Ibrahima Fall', gender: 'homme' });
    const viewerToken = await token(viewer.username, viewer.password);
    const herDetails = () =>
      request.get(`/api/users/${id}/details`, {
        headers: { authorization: `Bearer ${viewerToken}` },
      });
    expect((await herDetails()).status()).toBe(404);

    // In the app, the question comes before any member screen.
    await page.goto('/');
    await page.getByLabel('Username or e-mail').fill(OLDER_MEMBER.username);
    await page.getByLabel('Password', { exact: true }).fill(OLDER_MEMBER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    const question = page.getByRole('heading', {
      level: 1,
      name: 'Your consent, before you continue',
    });
    await expect(question).toBeVisible();
    await expect(question).toBeFocused();
    await expect(page.getByRole('main')).toContainText('being a member reveals your religion');
    const { violations } = await new AxeBuilder({ page }).include('main').analyze();
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);

    // The privacy policy says what is kept, for how long and why, and leads back to the question.
    await page.getByRole('link', { name: /Read the privacy policy/ }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: /How long we keep it/ }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back', exact: true }).first().click();
    await expect(question).toBeVisible();

    // Refusing explains what follows and offers to log out; she changes her mind.
    await page.getByRole('button', { name: 'I do not consent' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Without your consent' }),
    ).toBeFocused();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    // Leaving stays possible without consenting: her data, or her account deleted.
    await expect(page.getByRole('region', { name: 'Download my data' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible();
    await page
      .getByRole('button', {
        name: 'I consent to Mawadda processing data that reveals my religion',
      })
      .click();

    // Her profile opens (it lacks a photo), and the consent is recorded with the version.
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/mon-profil$/);
    const me = await page.evaluate(async () => {
      const answer = await fetch('/api/users/me', {
        headers: {
          authorization: `Bearer ${sessionStorage.getItem('authToken') ?? localStorage.getItem('authToken')}`,
        },
      });
      return (await answer.json()) as {
        consentRequired: boolean;
        religiousDataConsent: { version: string; givenAt: string } | null;
      };
    });
    expect(me.consentRequired).toBe(false);
    expect(me.religiousDataConsent?.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await herDetails()).status()).toBe(200);

    // Coming back to the app does not ask again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(
      'Your consent, before you continue',
    );
  });
});
