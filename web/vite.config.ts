// The site is static: relative URLs (it may be served from any path), the
// bundle in dist/assets, public/ copied as it is. scripts/build-web adds
// the solver (boggle_web.wasm), the packs and the service worker. Three
// pages: the game and solver (index.html), and live rooms (room.html) and
// the arena (arena.html), which talk to the room server (crates/room) and
// need no solver.
//
// The engine is the npm package `wordgrid` (packages/wordgrid, linked by
// package.json), read from its TypeScript sources through its
// `wordgrid-source` condition (tsconfig.json's customConditions says the
// same to tsc), so the site builds without building the package first,
// and Vite bundles its Web Worker (`new Worker(new URL("./worker.js",
// import.meta.url))`, which resolves to worker.ts) as it did in web/src.
import { defaultClientConditions, defineConfig } from "vite";

export default defineConfig({
  base: "./",
  resolve: { conditions: ["wordgrid-source", ...defaultClientConditions] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    assetsInlineLimit: 0,
    rollupOptions: { input: { main: "index.html", room: "room.html", arena: "arena.html" } },
  },
});
