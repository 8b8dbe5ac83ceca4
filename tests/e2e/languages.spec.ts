import { createRenter, signInContext } from './accounts.js';
import { expect, test } from './fixtures.js';

// Issue 29: the interface in English, Spanish and Simplified Chinese. The language comes from the
// account's setting, else `lang` in the URL, else the visitor's earlier choice, else Accept-Language;
// the server renders the page in it and `<html lang>` follows.

test.describe('the interface language', () => {
  test.describe('a browser that asks for Spanish', () => {
    test.use({ locale: 'es-MX' });

    test('gets the page rendered in Spanish, its prices as Spanish writes them', async ({ page }) => {
      // As the server sent it, before any script.
      const html = await (await page.request.get('/', { headers: { 'accept-language': 'es-MX,es;q=0.9' } })).text();
      expect(html).toMatch(/^<!doctype html>\s*<html lang="es"/);
      expect(html).toContain('¿Preguntas? Llame al');
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('data-app', 'running');
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'Mensajes' })).toBeVisible();
      await expect(header.getByLabel('Idioma')).toHaveValue('es');
      await expect(page.getByRole('contentinfo').getByLabel('Idioma')).toHaveValue('es');
      // '3.600 US$' (a no-break space before the symbol).
      await expect(
        page
          .locator('main')
          .getByText(/^\d{1,3}(\.\d{3})*\s?US\$$/)
          .first(),
      ).toBeVisible();
      // The filters, the count and the cards.
      const main = page.locator('main');
      await expect(main.getByLabel('Distrito').locator('option:checked')).toHaveText('Todos los distritos');
      await expect(main.getByText(/^\d[\d.]* propiedades$/)).toBeVisible();
      await expect(main.getByText('al mes').first()).toBeVisible();
      await expect(main.getByRole('button', { name: 'Contactar al agente' }).first()).toBeVisible();
      await main.getByRole('button', { name: /^Precio/ }).click();
      await expect(page.getByRole('dialog', { name: 'Rango de precios' }).getByLabel('Precio mínimo')).toBeVisible();
    });
  });

  test.describe('a browser that asks for Spanish, signing in', () => {
    test.use({ locale: 'es-ES' });

    test('gets the sign-in form and its checks in Spanish', async ({ page }) => {
      await page.goto('/auth');
      await expect(page.locator('html')).toHaveAttribute('data-app', 'running');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión');
      const form = page.getByRole('form', { name: 'Iniciar sesión' });
      await form.getByRole('button', { name: 'Iniciar sesión' }).click();
      await expect(form.getByText('El correo electrónico es obligatorio')).toBeVisible();
      await expect(form.getByText('La contraseña es obligatoria')).toBeVisible();
      await page.getByRole('tab', { name: 'Registrarse' }).click();
      const signUp = page.getByRole('form', { name: 'Registrarse' });
      await signUp.getByLabel('Nombre').fill(' ');
      await signUp.getByRole('button', { name: 'Crear cuenta y verificar teléfono' }).click();
      await expect(signUp.getByText('El nombre es obligatorio')).toBeVisible();
    });
  });

  test.describe('a browser that asks for Chinese', () => {
    test.use({ locale: 'zh-CN' });

    test("gets a listing's page in Chinese, rendered so on the server", async ({ page }) => {
      await page.goto('/');
      const first = page.locator('main li a[href^="/properties/"]').first();
      const href = (await first.getAttribute('href'))!;
      const html = await (await page.request.get(href, { headers: { 'accept-language': 'zh-CN' } })).text();
      expect(html).toMatch(/<html lang="zh-CN"/);
      expect(html).toContain('价格与条款');
      await page.goto(href);
      await expect(page.locator('html')).toHaveAttribute('data-app', 'running');
      const main = page.locator('main');
      await expect(main.getByRole('link', { name: '返回房源列表' })).toBeVisible();
      await expect(main.getByRole('heading', { name: '价格与条款' })).toBeVisible();
      await expect(main.getByText('月租金')).toBeVisible();
      await expect(main.getByRole('button', { name: '联系经纪人' }).first()).toBeVisible();
    });
  });

  test('the switch shows the page in the language chosen, and keeps it', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'running');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await page.getByRole('banner').getByLabel('Language').selectOption('zh');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'running');
    await expect(page.getByRole('banner').getByRole('link', { name: '消息' })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('zh');

    // The next page is in it too; `lang` in the URL comes first, and is kept in turn.
    await page.goto('/auth');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await page.goto('/?lang=es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Mensajes' })).toBeVisible();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test("a signed-in account's choice is its own: another browser signed in to it opens in that language", async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    const account = await createRenter(baseURL!);
    await signInContext(context, baseURL!, account);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'running');
    await page.getByRole('contentinfo').getByLabel('Language').selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'running');

    // Another browser, which asks for Chinese and never chose: the account's Spanish wins, on the
    // server's first render.
    const other = await browser.newContext({ baseURL, locale: 'zh-CN' });
    try {
      await signInContext(other, baseURL!, account);
      const html = await (await other.request.get('/', { headers: { 'accept-language': 'zh-CN' } })).text();
      expect(html).toMatch(/<html lang="es"/);
    } finally {
      await other.close();
    }
  });

  for (const locale of ['es', 'zh'] as const) {
    test(`in ${locale === 'es' ? 'Spanish' : 'Chinese'} at a phone's width, nothing on the listings and a listing's page is wider than the screen`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/?lang=${locale}`);
      await expect(page.locator('html')).toHaveAttribute('data-app', 'running');
      const wider = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await wider()).toBeLessThanOrEqual(0);
      await page.locator('main li a[href^="/properties/"]').first().click();
      await expect(page.locator('main h1')).toBeVisible();
      expect(await wider()).toBeLessThanOrEqual(0);
    });
  }
});
