import Testing
import WorkoutSimulation

/// The GPS error of a body standing at 0° N 0° E, fix by fix at 1 Hz through a ``RoutePlan``
/// (LocationSensorTests, DefaultLocationNoiseTests): north, east and up, m.
struct StandingErrors {
  var north: [Double] = []
  var east: [Double] = []
  var up: [Double] = []
  /// Whether every fix reported 5 m horizontal and 10 m vertical accuracy (the defaults).
  var reportedDefaults = true

  /// Metres per degree of latitude (and of longitude on the equator) on the routes' sphere,
  /// 6 371 008.8 m.
  static let metresPerDegree = 6_371_008.8 * Double.pi / 180

  /// The errors of `plan`'s first `count` fixes (t = 0, 1, ... s); `nil`, with an issue
  /// recorded, when a fix or its altitude is missing.
  init?(of plan: inout RoutePlan, count: Int) {
    north.reserveCapacity(count)
    east.reserveCapacity(count)
    up.reserveCapacity(count)
    for second in 0..<count {
      guard let fix = plan.fix(at: .seconds(Int64(second))), let altitude = fix.altitude else {
        Issue.record("no fix at \(second) s")
        return nil
      }
      north.append(fix.latitude * Self.metresPerDegree)
      east.append(fix.longitude * Self.metresPerDegree)
      up.append(altitude)
      reportedDefaults =
        reportedDefaults && fix.horizontalAccuracy == 5 && fix.verticalAccuracy == 10
    }
  }

  /// The mean of the squares of `values`.
  static func meanSquare(_ values: [Double]) -> Double {
    values.reduce(0) { $0 + $1 * $1 } / Double(values.count)
  }

  /// The lag-1 correlation of the north errors: the mean product of consecutive errors over
  /// their mean square.
  var northCorrelation: Double {
    var lagged = 0.0
    for index in 1..<north.count { lagged += north[index] * north[index - 1] }
    return lagged / Double(north.count - 1) / Self.meanSquare(north)
  }

  /// Checks the default model's statistics (5 m, 10 m, 60 s) over 200 000 fixes: the north
  /// and east errors have variance (5 / √2)² = 12.5 m² (standard deviation 3.536 m), so the
  /// radial error's mean square is 25 m² (its root, 5 m, is the reported accuracy); the
  /// altitude's variance is 10² = 100 m²; consecutive errors correlate by ρ = exp(−1 / 60) =
  /// 0.983471. The variance estimate of an AR(1) series has a relative standard error of
  /// √(2(1 + ρ²) / ((1 − ρ²) N)) = √(2 × 1.96721 / (0.032784 × 200000)) = 2.45 %; the bounds
  /// are 4 of those (10 %), and 0.005 for the correlation.
  func expectTheDefaultModel() {
    #expect(abs(Self.meanSquare(north) / 12.5 - 1) < 0.10)
    #expect(abs(Self.meanSquare(east) / 12.5 - 1) < 0.10)
    #expect(abs((Self.meanSquare(north) + Self.meanSquare(east)) / 25 - 1) < 0.10)
    #expect(abs(Self.meanSquare(up) / 100 - 1) < 0.10)
    #expect(abs(northCorrelation - 0.983471) < 0.005)
  }
}
