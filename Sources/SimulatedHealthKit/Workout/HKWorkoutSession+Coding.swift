/// `HKWorkoutSession` conforms to `NSSecureCoding`, as Apple's header declares (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkworkoutsession, "Conforms To").
/// Apple documents what an archive of a session holds nowhere, nor what decoding one gives.
///
/// workout-sim writes a snapshot (the configuration, type, state, start and end dates) so code
/// that archives a session (a log, a crash report) runs, and refuses to decode one: a session
/// belongs to the health store's daemon, and a decoded copy could neither steer the engine
/// session nor reach its delegate. Decoding sets an `HKError(.errorInvalidArgument)` on the
/// coder ("An archived HKWorkoutSession cannot be restored: recover the running session with
/// HKHealthStore.recoverActiveWorkoutSession(completion:)") and gives `nil`, so
/// `NSKeyedUnarchiver.unarchivedObject(ofClass:from:)` throws; swift-corelibs-foundation
/// throws its own error for it (NSCocoaErrorDomain 4864, "Class HKWorkoutSession failed to
/// decode") and logs that line.
extension HKWorkoutSession: NSSecureCoding {
  /// `true`: an archive decodes only as the class asked for.
  public static var supportsSecureCoding: Bool { true }

  /// The error decoding a session sets on the coder.
  static let decodingError = HKError(
    .errorInvalidArgument,
    "An archived HKWorkoutSession cannot be restored: recover the running session with HKHealthStore.recoverActiveWorkoutSession(completion:)"
  )

  /// Writes the configuration, the type and state raw values, and the start and end dates
  /// (absent before the session started or ended).
  public func encode(with coder: NSCoder) {
    coder.encode(workoutConfiguration, forKey: "configuration")
    coder.encode(type.rawValue, forKey: "type")
    coder.encode(state.rawValue, forKey: "state")
    if let startDate { coder.encode(startDate as NSDate, forKey: "startDate") }
    if let endDate { coder.encode(endDate as NSDate, forKey: "endDate") }
  }
}

extension HKWorkoutSession {
  /// Refuses to decode (see the `NSSecureCoding` conformance): sets the `HKError` on the
  /// coder and returns `nil`.
  public convenience init?(coder: NSCoder) {
    coder.failWithError(Self.decodingError)
    return nil
  }
}
