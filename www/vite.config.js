// The demo imports the package's bundler build ("bridge-laws" → pkg/bridge_laws.js, which
// imports its .wasm as an ES module); vite-plugin-wasm supplies that wasm ES-module
// integration. Top-level await is left to the browser (build.target below).
import { defineConfig } from "vite";
import wasm from "vite-plugin-wasm";

export default defineConfig({
  plugins: [wasm()],
  server: { host: "127.0.0.1", port: 5173, strictPort: true },
  preview: { host: "127.0.0.1", port: 4173, strictPort: true },
  build: { target: "es2022" },
});
