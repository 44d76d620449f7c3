/// A closure kept behind a `Mutex`: `Mutex<ClosureSlot<Handler?>>` instead of `Mutex<Handler?>`.
///
/// `Mutex` is generic, so a closure stored directly as its value is kept at the most general
/// abstraction while `withLock`'s body sees it at the concrete one; the body's parameter is
/// `inout`, so each `withLock` wraps the stored closure in a reabstraction thunk on the way in
/// and another on the way out, and writes the wrapped closure back, even when the body only
/// reads it. The closure grows by two thunks a call; every later call runs through all of
/// them (time quadratic in the calls) and a long run ends in a stack overflow. Found by
/// `scripts/bench-api.sh` (2026-12-07): the wall-clock rule's real-clock reader, read once per
/// served instant, made a 2-hour run 11.6 times as slow as the command line's. A stored
/// property of a struct keeps its own abstraction, so the slot's closure is never rewrapped;
/// `scripts/check-closure-locks.py` refuses a `Mutex` that holds a closure any other way.
package struct ClosureSlot<Function: Sendable>: Sendable {
  /// The closure (or `nil` for an optional one).
  package var function: Function

  /// A slot holding `function`.
  package init(_ function: Function) { self.function = function }
}
