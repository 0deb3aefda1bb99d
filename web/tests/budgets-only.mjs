// The budgets alone (`npm run budgets`): first paint, ready to play and the
// first visit's download, checked; with BUDGETS=1 (as the script sets) the
// 4x CPU and slow-network figures BENCHMARKS.md quotes, printed. Exit 1 if
// a check failed.
import { finish } from "./harness.mjs";
import { budgets } from "./budgets.mjs";

try {
  await budgets(null);
} finally {
  await finish("all budget checks passed");
}
