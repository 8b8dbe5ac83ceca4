/**
 * The language of the browser's build, whose texts are in its code (vite.config.ts; decision 0057):
 * 'en', 'es' or 'zh'. Empty where the catalogues are loaded as a page needs them: the server's render,
 * development (`npm run dev`) and tests.
 */
declare const __CLIENT_LOCALE__: '' | 'en' | 'es' | 'zh';
