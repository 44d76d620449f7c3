import Synchronization

extension AppSimulation {
  /// Numbers the simulations of the process (``serial``).
  private static let serials = Atomic<Int>(0)

  /// The next serial number.
  static func nextSerial() -> Int { serials.add(1, ordering: .relaxed).newValue }
}
