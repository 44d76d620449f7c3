import WorkoutCore

/// How far one key press turns the crown, SwiftUI's `DigitalCrownRotationalSensitivity`.
///
/// Apple gives no numeric rotation-per-unit figures (Apple doc:
/// https://developer.apple.com/documentation/swiftui/digitalcrownrotationalsensitivity). The
/// figures here are a project rule: one key press turns the crown by one stride at
/// `high`, half a stride at `medium` and a quarter of a stride at `low`. The scenario action
/// `crown` (`{ "by": strides }`) is measured in strides and does not depend on sensitivity.
public enum CrownSensitivity: String, CaseIterable, Sendable, Hashable {
  /// `.low`: a quarter of a stride per key press.
  case low
  /// `.medium`: half a stride per key press.
  case medium
  /// `.high` (SwiftUI's default): one stride per key press.
  case high

  /// Strides the value moves for one key press (0.25, 0.5 or 1).
  public var stridesPerKeyPress: Double {
    switch self {
    case .low: 0.25
    case .medium: 0.5
    case .high: 1
    }
  }

  /// The sensitivity named `name` (`"low"`, `"medium"`, `"high"`), or `nil`.
  public init?(name: String) {
    self.init(rawValue: name)
  }
}

/// One haptic tick: the crown's value reached or passed the position of an item.
///
/// On Apple Watch Series 4 and later the crown gives haptic feedback while it turns
/// (`isHapticFeedbackEnabled`, default true; Apple doc:
/// https://developer.apple.com/documentation/watchkit/wkcrownsequencer/ishapticfeedbackenabled).
/// workout-sim gives one tick per item crossed, and the screen shows it as a mark.
public struct CrownTick: Sendable, Hashable {
  /// Index (into ``DigitalCrownSelector/items``) of the item crossed.
  public var itemIndex: Int
  /// The instant of the rotation (or of the snap) that crossed it.
  public var at: SimulationInstant

  /// Creates a tick for item `itemIndex` at `at`.
  public init(itemIndex: Int, at: SimulationInstant) {
    self.itemIndex = itemIndex
    self.at = at
  }
}

/// The Digital Crown workout-type selector, after SwiftUI's
/// `digitalCrownRotation(_:from:through:by:sensitivity:isContinuous:isHapticFeedbackEnabled:)`.
///
/// Apple doc:
/// https://developer.apple.com/documentation/swiftui/view/digitalcrownrotation(_:from:through:by:sensitivity:iscontinuous:ishapticfeedbackenabled:)
/// (docs/field-cases.md#f12-crown-selector-range-clamping-and-snapping). The bound value runs
/// `from: 0 through: items.count - 1 by: 1` (field case F12: never one index past the end):
///
/// - The value moves continuously with the rotation (``rotate(by:at:)``, in strides, one stride
///   per item). Once the crown has been still for ``idleInterval`` (0.3 s of virtual time) it
///   snaps to the nearest multiple of the stride, ties away from zero ("the value settles on
///   multiples of `stride`"). The 0.3 s is a project rule; SwiftUI reports the idle moment
///   through `onIdle` (Apple doc:
///   https://developer.apple.com/documentation/swiftui/view/digitalcrownrotation(_:from:through:sensitivity:iscontinuous:ishapticfeedbackenabled:onchange:onidle:)).
/// - Not continuous (`isContinuous: false`, the default): the value stops at the ends.
///   Continuous: it wraps modulo the number of items, so one stride past the last item is the
///   first.
/// - Haptic feedback (default on): one ``CrownTick`` per item position reached or passed.
///
/// The selected item is the one nearest to the value (``selectedIndex``). All state is private;
/// every method takes the instant of its event, and nothing reads a clock.
public struct DigitalCrownSelector: Sendable, Hashable {
  /// How long the crown must be still before the value snaps: 0.3 s (project rule).
  public static let idleInterval: Duration = .milliseconds(300)

  /// The largest rotation taken in one call, in strides (one million); larger ones are cut.
  public static let maximumStrides: Double = 1_000_000

  /// The default items: running, walking, cycling.
  public static let defaultItems: [WorkoutActivityType] = [.running, .walking, .cycling]

  /// The items in crown order (index 0 first); never empty.
  public let items: [WorkoutActivityType]
  /// Whether the value wraps around (`isContinuous`).
  public let isContinuous: Bool
  /// How far one key press turns the crown.
  public let sensitivity: CrownSensitivity
  /// Whether rotations return haptic ticks (`isHapticFeedbackEnabled`).
  public let isHapticFeedbackEnabled: Bool

  private var position: Double
  private var lastRotation: SimulationInstant?

  /// Creates a selector standing on `initial`.
  ///
  /// - Parameters:
  ///   - items: the items in crown order; duplicates after the first occurrence are dropped;
  ///     empty means ``defaultItems``.
  ///   - initial: the activity to start on (the scenario's `activity`, or `--type`). An activity
  ///     not among `items` is added in front of them, so that without crown input the selection
  ///     stays as given.
  ///   - isContinuous: wrap around (`true`) or stop at the ends (`false`, SwiftUI's default).
  ///   - sensitivity: how far one key press turns the crown (SwiftUI's default `.high`).
  ///   - isHapticFeedbackEnabled: whether rotations report ``CrownTick``s (default `true`).
  public init(
    items: [WorkoutActivityType] = DigitalCrownSelector.defaultItems,
    initial: WorkoutActivityType,
    isContinuous: Bool = false,
    sensitivity: CrownSensitivity = .high,
    isHapticFeedbackEnabled: Bool = true
  ) {
    var unique: [WorkoutActivityType] = []
    for item in items.isEmpty ? Self.defaultItems : items where !unique.contains(item) {
      unique.append(item)
    }
    if !unique.contains(initial) { unique.insert(initial, at: 0) }
    self.items = unique
    self.isContinuous = isContinuous
    self.sensitivity = sensitivity
    self.isHapticFeedbackEnabled = isHapticFeedbackEnabled
    self.position = Double(unique.firstIndex(of: initial) ?? 0)
    self.lastRotation = nil
  }

  // MARK: - Reading

  /// The crown's continuous value in strides: within `0...items.count - 1` when not continuous,
  /// within `0..<items.count` when continuous. Equal to ``selectedIndex`` once settled.
  public var value: Double { position }

  /// Index of the selected item: the value rounded to the nearest stride, ties away from zero
  /// (wrapped to 0 when a continuous value rounds up to `items.count`).
  public var selectedIndex: Int {
    let rounded = Int(position.rounded(.toNearestOrAwayFromZero))
    return rounded >= items.count ? (isContinuous ? 0 : items.count - 1) : max(rounded, 0)
  }

  /// The selected item (``items``[``selectedIndex``]).
  public var selected: WorkoutActivityType { items[selectedIndex] }

  /// Whether the value is still between strides, waiting for the crown to be still.
  public var isSettling: Bool { lastRotation != nil }

  /// The instant at which the value will snap (last rotation + ``idleInterval``), or `nil` when
  /// settled. The driver schedules ``advance(to:)`` for this instant.
  public var snapDeadline: SimulationInstant? {
    lastRotation.map { $0.advanced(by: Self.idleInterval) }
  }

  // MARK: - Events

  /// Turns the crown by `strides` (positive: the value grows; fractions allowed) at `instant`.
  ///
  /// The value moves at once (clamped, or wrapped when continuous) and snaps later, after
  /// ``idleInterval`` without rotation. A snap still pending from an earlier rotation whose
  /// deadline has passed is applied first. Non-finite `strides` are ignored, and magnitudes
  /// above ``maximumStrides`` are cut to it.
  ///
  /// - Returns: one tick per item position reached or passed, in order (empty when haptic
  ///   feedback is off).
  @discardableResult
  public mutating func rotate(by strides: Double, at instant: SimulationInstant) -> [CrownTick] {
    guard strides.isFinite else { return [] }
    let strides = min(max(strides, -Self.maximumStrides), Self.maximumStrides)
    if let deadline = snapDeadline, instant >= deadline { _ = snap(at: deadline) }
    let ticks = move(to: position + strides, at: instant)
    lastRotation = instant
    return ticks
  }

  /// Turns the crown by `keyPresses` key presses (positive: the value grows) at `instant`; one
  /// press is ``CrownSensitivity/stridesPerKeyPress`` strides.
  ///
  /// - Returns: the ticks of ``rotate(by:at:)``.
  @discardableResult
  public mutating func turn(keyPresses: Int, at instant: SimulationInstant) -> [CrownTick] {
    rotate(by: Double(keyPresses) * sensitivity.stridesPerKeyPress, at: instant)
  }

  /// Lets virtual time reach `instant`: if the crown has been still for ``idleInterval`` by
  /// then, the value snaps to the nearest stride (ties away from zero).
  ///
  /// - Returns: the ticks of the snap's own movement (an item reached by snapping forward).
  @discardableResult
  public mutating func advance(to instant: SimulationInstant) -> [CrownTick] {
    guard let deadline = snapDeadline, instant >= deadline else { return [] }
    return snap(at: deadline)
  }

  /// Snaps now, whatever the idle time (the crown is taken as still), for example when the
  /// workout starts while the value is still between strides.
  ///
  /// - Returns: the ticks of the snap's own movement.
  @discardableResult
  public mutating func settle(at instant: SimulationInstant) -> [CrownTick] {
    guard lastRotation != nil else { return [] }
    return snap(at: instant)
  }

  /// The scenario action `crown` (`{ "by": strides }`): one rotation at `instant` followed by
  /// the stop, so the value snaps at `instant + 0.3 s`.
  ///
  /// - Returns: the ticks of the rotation and of the snap.
  @discardableResult
  public mutating func crown(by strides: Double, at instant: SimulationInstant) -> [CrownTick] {
    var ticks = rotate(by: strides, at: instant)
    ticks += advance(to: instant.advanced(by: Self.idleInterval))
    return ticks
  }

  // MARK: - Private

  private mutating func snap(at instant: SimulationInstant) -> [CrownTick] {
    lastRotation = nil
    return move(to: position.rounded(.toNearestOrAwayFromZero), at: instant)
  }

  /// Moves the value to `target` (unwrapped), clamping or wrapping, and lists the items crossed.
  private mutating func move(to target: Double, at instant: SimulationInstant) -> [CrownTick] {
    let count = Double(items.count)
    let end = isContinuous ? target : min(max(target, 0), count - 1)
    var crossed: [Int] = []
    if end > position {
      // Integers n with position < n <= end.
      var n = position.rounded(.down) + 1
      while n <= end, crossed.count <= items.count * 4 {
        crossed.append(wrapIndex(n))
        n += 1
      }
    } else if end < position {
      // Integers n with end <= n < position.
      var n = position.rounded(.up) - 1
      while n >= end, crossed.count <= items.count * 4 {
        crossed.append(wrapIndex(n))
        n -= 1
      }
    }
    if isContinuous {
      var wrapped = end.truncatingRemainder(dividingBy: count)
      if wrapped < 0 { wrapped += count }
      position = wrapped >= count ? 0 : wrapped
    } else {
      position = end
    }
    guard isHapticFeedbackEnabled else { return [] }
    return crossed.map { CrownTick(itemIndex: $0, at: instant) }
  }

  private func wrapIndex(_ n: Double) -> Int {
    let count = items.count
    let index = Int(n) % count
    return index < 0 ? index + count : index
  }
}
