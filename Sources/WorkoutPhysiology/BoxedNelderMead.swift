/// Nelder–Mead minimisation on the unit box [0, 1]ⁿ, deterministic: the simplex starts at a given
/// point with one vertex moved by `step` along each axis (away from the nearer face), every trial
/// point is clamped into the box, and the standard coefficients are used (reflection 1, expansion
/// 2, contraction ½, shrink ½; J. A. Nelder, R. Mead, "A simplex method for function
/// minimization", The Computer Journal 7(4):308–313, 1965). No randomness, so the same function
/// and start give the same minimum bit for bit.
struct BoxedNelderMead {
  /// The best point found and its value.
  private(set) var best: [Double]
  private(set) var bestValue: Double
  /// Function evaluations so far.
  private(set) var evaluations = 0

  private let function: ([Double]) -> Double

  /// Starts at `start` (clamped into the box), evaluating it once.
  init(start: [Double], function: @escaping ([Double]) -> Double) {
    self.function = function
    let point = start.map(Self.clamp)
    best = point
    bestValue = function(point)
    evaluations = 1
  }

  private static func clamp(_ x: Double) -> Double { min(1, max(0, x)) }

  private mutating func value(_ point: [Double]) -> Double {
    evaluations += 1
    let v = function(point)
    if v < bestValue {
      bestValue = v
      best = point
    }
    return v
  }

  /// One run from the best point so far with a fresh simplex of edge `step`, until the values
  /// at the simplex's vertices differ by less than `tolerance` (relative to 1 + |best|) or
  /// `maximumEvaluations` more evaluations are spent.
  mutating func run(step: Double, tolerance: Double, maximumEvaluations: Int) {
    let n = best.count
    let budget = evaluations + maximumEvaluations
    var simplex: [[Double]] = [best]
    var values: [Double] = [bestValue]
    for axis in 0..<n {
      var vertex = best
      vertex[axis] = vertex[axis] + step <= 1 ? vertex[axis] + step : vertex[axis] - step
      simplex.append(vertex)
      values.append(value(vertex))
    }
    func combine(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] {
      // a + t·(b − a), clamped.
      var out = a
      for i in 0..<n { out[i] = Self.clamp(a[i] + t * (b[i] - a[i])) }
      return out
    }
    while evaluations < budget {
      let order = values.indices.sorted { (values[$0], $0) < (values[$1], $1) }
      simplex = order.map { simplex[$0] }
      values = order.map { values[$0] }
      if values[n] - values[0] <= tolerance * (1 + abs(values[0])) { break }
      var centroid = [Double](repeating: 0, count: n)
      for vertex in simplex.dropLast() {
        for i in 0..<n { centroid[i] += vertex[i] / Double(n) }
      }
      let worst = simplex[n]
      let reflected = combine(centroid, worst, -1)
      let reflectedValue = value(reflected)
      if reflectedValue < values[0] {
        let expanded = combine(centroid, worst, -2)
        let expandedValue = value(expanded)
        if expandedValue < reflectedValue {
          simplex[n] = expanded
          values[n] = expandedValue
        } else {
          simplex[n] = reflected
          values[n] = reflectedValue
        }
        continue
      }
      if reflectedValue < values[n - 1] {
        simplex[n] = reflected
        values[n] = reflectedValue
        continue
      }
      // Contract: outside when the reflection beat the worst, else inside.
      let outside = reflectedValue < values[n]
      let contracted = combine(centroid, worst, outside ? -0.5 : 0.5)
      let contractedValue = value(contracted)
      if contractedValue < min(reflectedValue, values[n]) {
        simplex[n] = contracted
        values[n] = contractedValue
        continue
      }
      // Shrink toward the best vertex.
      for index in 1...n {
        simplex[index] = combine(simplex[0], simplex[index], 0.5)
        values[index] = value(simplex[index])
      }
    }
  }
}
