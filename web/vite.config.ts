// The site is static: relative URLs (it may be served from any path), the
// bundle in dist/assets, public/ copied as it is. scripts/build-web adds
// the solver (boggle_web.wasm), the packs and the service worker.
import { defineConfig } from "vite";

export default defineConfig({
  base: "./",
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", assetsInlineLimit: 0 },
});
