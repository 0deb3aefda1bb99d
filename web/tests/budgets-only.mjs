// The budgets alone (`npm run budgets`): first paint, ready to play and the
// first visit's download, checked; with BUDGETS=1 (as the script sets) the
// 4x CPU and slow-network figures BENCHMARKS.md quotes, printed. Exit 1 if
// a check failed.
import { browser, failed, gz, noCache, server, timeout } from "./harness.mjs";
import { budgets } from "./budgets.mjs";

try {
  await budgets(null);
} finally {
  clearTimeout(timeout);
  await browser.close();
  server.close();
  noCache.close();
  gz.close();
}
console.log(failed ? `${failed} budget checks failed` : "all budget checks passed");
process.exit(failed ? 1 : 0);
