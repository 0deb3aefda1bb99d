// The solver module in a Web Worker, so that a long solve never holds the
// page's main thread: the browser's Engine (index.ts) posts the compiled
// module, then calls, which abi.ts makes of it.
import type { Solution } from "./api.js";
import { callModule, instantiate, type Exports } from "./abi.js";
import { WORDS_PER_MESSAGE, type FromWorker, type ToWorker } from "./messages.js";

/** The worker's side of the messages (the page's lib types `self` as a window). */
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker): void;
};

let module: Promise<Exports> | null = null;

scope.onmessage = (e) => {
  const message = e.data;
  if ("module" in message) {
    module = instantiate(message.module);
    module.then(
      () => scope.postMessage({ id: message.id, answer: null, ms: 0 }),
      (err: Error) => scope.postMessage({ id: message.id, error: err.message }),
    );
    return;
  }
  const { id } = message;
  if (!module) {
    scope.postMessage({ id, error: "the solver was not loaded" });
    return;
  }
  module
    .then((x) => {
      const t0 = performance.now();
      const answer = callModule(x, message);
      const ms = performance.now() - t0;
      if (message.call === "solve") {
        const solution = answer as Solution;
        for (let i = 0; i < solution.words.length; i += WORDS_PER_MESSAGE) {
          scope.postMessage({ id, words: solution.words.slice(i, i + WORDS_PER_MESSAGE) });
        }
        solution.words = [];
      }
      scope.postMessage({ id, answer, ms });
    })
    .catch((err: Error) => scope.postMessage({ id, error: err.message }));
};
