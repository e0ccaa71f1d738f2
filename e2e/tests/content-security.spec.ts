import { expect, type Page, test } from '@playwright/test';
import { registerMember } from '../support/members.ts';
import { closeMemberBrowsers, loggedInPage } from '../support/session.ts';
import { scrollToCard } from '../support/suggestions.ts';

test.afterEach(closeMemberBrowsers);

/** Every Content-Security-Policy refusal the page meets, from its first byte on. */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  return async () => [
    ...console,
    ...(await page.evaluate(
      () => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [],
    )),
  ];
}

test('The strict Content-Security-Policy lets every screen work and refuses nothing of ours', async ({
  browser,
  request,
}) => {
  const tag = String(Date.now()).slice(-6);
  const member = await registerMember(request, { name: `Samira ${tag}`, gender: 'femme' });
  await registerMember(request, { name: `Karim ${tag}`, gender: 'homme' });

  const visitor = await browser.newPage();
  const visitorViolations = await watchPolicy(visitor);
  const policy = (await visitor.goto('/'))?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain('unsafe-inline');
  await expect(visitor.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await visitor.goto('/register');
  await expect(visitor.getByRole('heading', { level: 2 })).toBeVisible();
  await visitor.goto('/terms');
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await visitorViolations()).toEqual([]);

  const page = await loggedInPage(browser, member);
  const violations = await watchPolicy(page);
  await page.reload();
  // A dialog (Radix) adds its scroll-lock style at run time: allowed by the page's nonce.
  const karim = page.getByRole('button', { name: new RegExp(`^Karim ${tag}`) });
  await (await scrollToCard(page, karim)).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/mon-profil');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/profile-views');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);
});
