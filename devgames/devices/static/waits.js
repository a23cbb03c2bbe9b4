// A page's long wait for its state, shared by a team's page and the audience view: one request
// at a time, taken for dead after LONGEST_MS (the server answers within 20 s); after a failure,
// a pause that grows with each failure in a row (the last one repeats), cut short when the page
// asks again (its network came back, it woke up).
"use strict";
window.dgWaits = (pauses) => {
  const LONGEST_MS = 30000;
  const AGAIN = "ask again";  // why a request is given up on purpose, to ask again at once
  let asking = null;          // the AbortController of the request under way
  let wake = () => {};        // ends the pause between two attempts at once
  return {
    // A request's signal, and done() once it is over. After a failure, again() tells whether
    // the page gave it up on purpose (ask again at once, no pause).
    start() {
      const control = new AbortController();
      const timer = setTimeout(() => control.abort(), LONGEST_MS);
      asking = control;
      return {
        signal: control.signal,
        again: () => control.signal.reason === AGAIN,
        done: () => { clearTimeout(timer); asking = null; },
      };
    },
    // The pause after the ``failures``-th failure in a row (0 for the first).
    pause(failures) {
      return new Promise((done) => {
        wake = done;
        setTimeout(done, pauses[Math.min(failures, pauses.length - 1)]);
      });
    },
    again() {
      if (asking) asking.abort(AGAIN);
      wake();
    },
    stop() {
      if (asking) asking.abort();
    },
  };
};
