// A language's catalogue, parsed at build (scripts/vite-i18n.ts).
declare module '*.json?catalogue' {
  const catalogue: import('@common/i18n/messages').Catalogue;
  export default catalogue;
}
