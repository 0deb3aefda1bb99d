// A static host on a loopback port: the files under a directory, served as
// they are, with their content types, and 404 for anything else. The
// browser suite's servers and the npm package's install check use it; it
// starts nothing else (no browser), so a script outside the suite may
// import it.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { join, extname } from "node:path";

export const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm",
  ".svg": "image/svg+xml", ".json": "application/json", ".pack": "application/octet-stream",
  ".webmanifest": "application/manifest+json" };

/** The file a request asks for under `dir` (a directory's index.html). */
export function fileOf(dir, url) {
  const path = decodeURIComponent(new URL(url, "http://x").pathname);
  return join(dir, path.endsWith("/") ? `${path}index.html` : path);
}

/** Serves `dir` on a free loopback port; `refuse()` true drops each
 * connection (a network cut). Resolves to the server and its base URL. */
export async function serveStatic(dir, refuse = () => false) {
  const server = createServer(async (req, res) => {
    if (refuse()) {
      req.socket.destroy();
      return;
    }
    const file = fileOf(dir, req.url);
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] || "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end("not found");
    }
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { server, base: `http://127.0.0.1:${server.address().port}/` };
}
