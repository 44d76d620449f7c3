import Testing
import WorkoutCore
import WorkoutHealth

/// The rule that cuts a workout's running time into exercise-minute samples
/// (docs/healthkit-behaviour.md#exercise-minutes), in seconds from `t = 0`.
@Suite struct ExerciseMinutesPiecesTests {
  static func at(_ seconds: Int64) -> SimulationInstant {
    SimulationInstant(nanoseconds: seconds * 1_000_000_000)
  }

  /// The pieces in whole seconds.
  static func seconds(_ pieces: [(start: Int64, end: Int64)]) -> [[Int64]] {
    pieces.map { [$0.start / 1_000_000_000, $0.end / 1_000_000_000] }
  }

  /// 150 s without a pause: two whole minutes, then 30 s (0.5 min): 1 + 1 + 0.5 = 2.5 min.
  @Test func aRunEndsWithAShortMinute() {
    let pieces = ExerciseMinutes.pieces(events: [], start: Self.at(0), limit: Self.at(150))
    #expect(Self.seconds(pieces) == [[0, 60], [60, 120], [120, 150]])
    let samples = ExerciseMinutes.samples(pieces, after: 0, source: 0, floor: Self.at(150))
    #expect(samples.map(\.value) == [1, 1, 0.5])
    #expect(samples.allSatisfy { $0.type == ExerciseMinutes.kind && $0.savedAt == Self.at(150) })
  }

  /// A pause at 90 s and a resume at 200 s cut the second minute in two: 60–90 (30 s) and
  /// 200–230 (the other 30 s), then whole minutes from 230 on; running 90 + 100 = 190 s by
  /// 300 s: 60 + 30 + 30 + 60 = 180, and 10 s left (230 + 60 = 290 to 300).
  @Test func aPauseCutsTheMinuteItInterrupts() {
    let events = [WorkoutEvent(.pause, at: Self.at(90)), WorkoutEvent(.resume, at: Self.at(200))]
    let pieces = ExerciseMinutes.pieces(events: events, start: Self.at(0), limit: Self.at(300))
    #expect(Self.seconds(pieces) == [[0, 60], [60, 90], [200, 230], [230, 290], [290, 300]])
    // Live at 300 s: the last piece (10 s of a minute) can still grow; the rest are final.
    let live = ExerciseMinutes.pieces(
      events: events, start: Self.at(0), limit: Self.at(300), finished: false)
    #expect(Self.seconds(live) == [[0, 60], [60, 90], [200, 230], [230, 290]])
    // Live while paused at 150 s: the part before the pause is the last piece, held back; it
    // comes with the first look that finds running time after the resume.
    let paused = ExerciseMinutes.pieces(
      events: [events[0]], start: Self.at(0), limit: Self.at(150), finished: false)
    #expect(Self.seconds(paused) == [[0, 60]])
  }

  /// A duration shorter than the running spans (an app's saved workout) caps the minutes:
  /// 100 s of a 180 s span, 60 + 40.
  @Test func theDurationCapsTheRunningTime() {
    let pieces = ExerciseMinutes.pieces(
      events: [], start: Self.at(0), limit: Self.at(180), duration: .seconds(100))
    #expect(Self.seconds(pieces) == [[0, 60], [60, 100]])
  }

  /// A pause dated in the past (an auto-pause added after the fact): 10 pieces were stored by
  /// 600 s (0–60 … 540–600, 600 s counted), then a pause 300–330 is added. The stored pieces
  /// stay (project rule); later ones start at 600 and count on from 600 s. Live at 700 s:
  /// running after 600 is 600–700, so 600–660 (the 11th minute, 600 + 60 = 660 s counted) and
  /// 660–700 held back (40 s of a minute). Finished at 900 s: duration = running time =
  /// 300 + (900 − 330) = 870 s; after 600 the cap leaves 870 − 600 = 270 s: 600–660, 660–720,
  /// 720–780, 780–840 and 840–870 (30 s); sum 600 + 4 × 60 + 30 = 870 s = the duration, no
  /// piece in the pause (before the fix: the minute 570–630 was lost and 0.5 min too many).
  @Test func aPauseAddedAfterTheFactLeavesTheStoredMinutes() {
    let events = [WorkoutEvent(.pause, at: Self.at(300)), WorkoutEvent(.resume, at: Self.at(330))]
    let stored = (through: Int64(600_000_000_000), counted: Int64(600_000_000_000))
    let live = ExerciseMinutes.pieces(
      events: events, start: Self.at(0), limit: Self.at(700), finished: false,
      after: stored.through, counted: stored.counted)
    #expect(Self.seconds(live) == [[600, 660]])
    let finished = ExerciseMinutes.pieces(
      events: events, start: Self.at(0), limit: Self.at(900), duration: .seconds(870),
      after: stored.through, counted: stored.counted)
    #expect(
      Self.seconds(finished) == [[600, 660], [660, 720], [720, 780], [780, 840], [840, 870]])
    #expect(finished.reduce(stored.counted) { $0 + $1.end - $1.start } == 870_000_000_000)
  }
}
