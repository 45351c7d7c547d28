// Side-effect CSS imports are handled by Vite.
declare module "*.css";
