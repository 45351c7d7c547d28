// Side-effect CSS imports are handled by Vite.
declare module "*.css";
// Vite's `import.meta.glob` (the catalogs of a folder, www/src/i18n.ts).
interface ImportMeta {
  glob<T = unknown>(pattern: string, options: { eager: true; import: "default" }): Record<string, T>;
}
