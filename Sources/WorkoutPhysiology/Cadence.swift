/// Step and pedal cadence models (docs/models.md#cadence-and-steps).
public enum Cadence {
  /// Running cadence in steps/min: clamp(134 + 9.2·v, 150, 190) (project rule,
  /// docs/models.md#cadence-and-steps; from the least-squares fit 9.19·v + 133.9 of the recorded
  /// fēnix 2 run).
  ///
  /// - Parameter metresPerSecond: v.
  public static func running(metresPerSecond v: Double) -> Double {
    min(190, max(150, 134 + 9.2 * v))
  }

  /// Walking cadence in steps/min: speed / step length × 60, step length from height
  /// (``Athlete/walkingStepLength``; docs/models.md#cadence-and-steps).
  ///
  /// - Parameters:
  ///   - metresPerSecond: v.
  ///   - stepLength: metres per step, > 0.
  public static func walking(metresPerSecond v: Double, stepLength: Double) -> Double {
    max(0, v) / stepLength * 60
  }

  /// Pedal cadence in rpm while pedalling when the course gives none, 85 rpm. Project rule (not
  /// Apple behaviour): a typical self-selected cadence of 80–90 rpm.
  public static let defaultCycling = 85.0

  /// The step cadence on foot at `v` m/s, steps/min: 0 standing still, ``running(metresPerSecond:)``
  /// from ``Metabolism/runningThreshold``, else ``walking(metresPerSecond:stepLength:)``
  /// (docs/models.md#cadence-and-steps).
  ///
  /// - Parameters:
  ///   - v: speed in m/s.
  ///   - stepLength: walking step length in metres (``Athlete/walkingStepLength``).
  public static func onFoot(metresPerSecond v: Double, stepLength: Double) -> Double {
    if v <= 0 { return 0 }
    return Metabolism.isRunning(metresPerSecond: v)
      ? running(metresPerSecond: v) : walking(metresPerSecond: v, stepLength: stepLength)
  }
}
