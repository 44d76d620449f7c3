import WorkoutCore
import WorkoutScenario

/// How virtual time follows the wall clock in interactive mode: held or playing at a speed
/// (`--speed X`, `+`, `-`, `p`), with steps (`.`, `n`, `>`) that move it at once.
///
/// Pure: the driver passes the wall-clock reading (time since the driver started, from its
/// injected clock) with every call, so the pacing is tested without waiting. While playing,
/// virtual time is `anchor + (wall − wallAnchor) × speed`, computed from the anchor on every
/// reading rather than accumulated tick by tick, so it does not drift from the wall clock.
public struct Playback: Sendable, Equatable {
  /// The speeds `+` and `-` step through (× real time); `--speed` may give any value above 0.
  public static let speedSteps: [Double] = [
    0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200, 3600,
  ]

  /// The latest virtual time playback reaches: the latest scenario time
  /// (``ScenarioTime/maximumSeconds``, 9e9 s), well inside `Int64` nanoseconds.
  public static let latest = SimulationInstant(
    nanoseconds: ScenarioTime.maximumSeconds * 1_000_000_000)

  /// The multiplier of real time (above 0).
  public private(set) var speed: Double
  /// Whether virtual time plays (`true`) or is held.
  public private(set) var isPlaying: Bool
  /// Where virtual time stops by itself (`--until`), or `nil`.
  public let limit: SimulationInstant?

  private var anchorVirtual: SimulationInstant
  private var anchorWall: Duration

  /// Creates playback held at `t = 0`.
  ///
  /// - Parameters:
  ///   - speed: `--speed` (values not above 0 or not finite become 1).
  ///   - limit: `--until`, or `nil`.
  public init(speed: Double, limit: SimulationInstant? = nil) {
    self.speed = speed.isFinite && speed > 0 ? speed : 1
    self.isPlaying = false
    self.limit = limit
    self.anchorVirtual = .zero
    self.anchorWall = .zero
  }

  /// The virtual time at wall-clock reading `wall` (never past ``limit``).
  public func virtualTime(atWall wall: Duration) -> SimulationInstant {
    var instant = anchorVirtual
    if isPlaying {
      // In Double, then capped at the latest scenario time, so no speed and no wall-clock span
      // overflows the nanosecond count.
      let elapsed = Double(max(wall - anchorWall, .zero).wholeNanoseconds) * speed
      let target = min(
        Double(anchorVirtual.nanoseconds) + elapsed, Double(Self.latest.nanoseconds))
      instant = max(anchorVirtual, SimulationInstant(nanoseconds: Int64(target.rounded(.down))))
    }
    if let limit, instant > limit { return max(limit, anchorVirtual) }
    return instant
  }

  /// Plays from the current virtual time (Enter, `p`).
  public mutating func play(atWall wall: Duration) {
    guard !isPlaying else { return }
    reanchor(atWall: wall)
    isPlaying = true
  }

  /// Holds at the current virtual time (`p`).
  public mutating func hold(atWall wall: Duration) {
    guard isPlaying else { return }
    reanchor(atWall: wall)
    isPlaying = false
  }

  /// `p`: holds when playing, plays when held.
  public mutating func toggle(atWall wall: Duration) {
    if isPlaying { hold(atWall: wall) } else { play(atWall: wall) }
  }

  /// Sets the speed from now on (values not above 0 or not finite are ignored).
  public mutating func setSpeed(_ newSpeed: Double, atWall wall: Duration) {
    guard newSpeed.isFinite, newSpeed > 0 else { return }
    reanchor(atWall: wall)
    speed = newSpeed
  }

  /// `+`: the next step of ``speedSteps`` above the current speed (the last step stays).
  public mutating func faster(atWall wall: Duration) {
    let next = Self.speedSteps.first { $0 > speed * (1 + 1e-9) } ?? Self.speedSteps.last ?? speed
    setSpeed(max(next, speed), atWall: wall)
  }

  /// `-`: the next step of ``speedSteps`` below the current speed (the first step stays).
  public mutating func slower(atWall wall: Duration) {
    let next = Self.speedSteps.last { $0 < speed * (1 - 1e-9) } ?? Self.speedSteps.first ?? speed
    setSpeed(min(next, speed), atWall: wall)
  }

  /// Moves virtual time forward by `step` at once (`.` one second, `n` one minute), keeping
  /// the play or hold state; stops at ``limit``.
  public mutating func step(by step: Duration, atWall wall: Duration) {
    jump(to: virtualTime(atWall: wall).advanced(by: step), atWall: wall)
  }

  /// Moves virtual time to `instant` at once (`>`: the next timeline action) when it is ahead;
  /// stops at ``limit``.
  public mutating func jump(to instant: SimulationInstant, atWall wall: Duration) {
    reanchor(atWall: wall)
    var target = min(max(instant, anchorVirtual), max(Self.latest, anchorVirtual))
    if let limit { target = min(target, max(limit, anchorVirtual)) }
    anchorVirtual = target
  }

  private mutating func reanchor(atWall wall: Duration) {
    anchorVirtual = virtualTime(atWall: wall)
    anchorWall = wall
  }
}
