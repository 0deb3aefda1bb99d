// The site is static: relative URLs (it may be served from any path), the
// bundle in dist/assets, public/ copied as it is. scripts/build-web adds
// the solver (boggle_web.wasm), the packs and the service worker. Two
// pages: the game and solver (index.html), and live rooms (room.html),
// which talk to the room server (crates/room) and need no solver.
import { defineConfig } from "vite";

export default defineConfig({
  base: "./",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    assetsInlineLimit: 0,
    rollupOptions: { input: { main: "index.html", room: "room.html" } },
  },
});
