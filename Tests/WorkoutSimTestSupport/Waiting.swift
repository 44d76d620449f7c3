// How a test waits for a state another task reaches: on the state itself, never on a guessed
// wall-clock delay (issue 24: no real sleeps in tests).

/// Yields the calling task until `condition` holds (a simulation waiting for the app's answer,
/// a sleeper registered, a process's file seen): each look is one `Task.yield()`, so the task
/// that makes the condition true gets the thread. A caller whose condition may never hold
/// when the behaviour under test is broken adds the state that shows it (time moved on) to
/// `condition`, so that the test fails instead of hanging.
public func waitUntil(_ condition: () -> Bool) async {
  while !condition() { await Task.yield() }
}
