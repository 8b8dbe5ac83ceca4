// A language's catalogue, parsed at build (scripts/vite-i18n.ts).
declare module '*.json?catalogue' {
  const catalogue: import('@/lib/i18n').Catalogue;
  export default catalogue;
}
