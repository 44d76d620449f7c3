// The watch's step complication (the seed: the current steps as a CircularGauge).
import FitnessTrackerKit
import Foundation

/// One entry of the step complication's timeline.
public struct StepComplicationEntry: Sendable, Equatable {
  /// When the entry is shown.
  public let date: Date
  /// Today's steps at ``date``, `nil` without data.
  public let steps: Int?
  /// The goal the phone shares, steps.
  public let stepGoal: Int

  /// An entry of `steps` against `stepGoal` at `date`.
  public init(date: Date, steps: Int?, stepGoal: Int) {
    self.date = date
    self.steps = steps
    self.stepGoal = stepGoal
  }

  /// The gauge (``ComplicationFace``).
  public var face: ComplicationFace {
    let gauge = min(1, max(0, Double(steps ?? 0) / Double(stepGoal)))
    return ComplicationFace(
      date: date, steps: steps, stepGoal: stepGoal, gauge: gauge, text: Self.text(steps))
  }

  /// The gauge's text: below 1000 the steps in full, else thousands with one decimal (tenths
  /// rounded halves up) and "k"; "--" for `nil`. 8432 → "8.4k", 999 → "999", 9950 → "10.0k".
  public static func text(_ steps: Int?) -> String {
    guard let steps else { return "--" }
    guard steps >= 1000 else { return "\(steps)" }
    let tenths = (steps + 50) / 100
    return "\(tenths / 10).\(tenths % 10)k"
  }
}
