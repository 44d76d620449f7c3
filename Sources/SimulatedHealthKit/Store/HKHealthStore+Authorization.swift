import WorkoutCore
import WorkoutSystem

/// Authorization as users meet it (docs/swift-api.md#authorization): the scenario's
/// `authorization` answers the sheet, which shows once per new set of types; reading stays
/// private.
extension HKHealthStore {
  /// The sharing (write) status of `type`: `sharingAuthorized` or `sharingDenied` once the user
  /// answered a sheet that asked to share it, `notDetermined` before; `sharingDenied` always for
  /// a characteristic or the activity summary type, which no app can share (they are not sample
  /// types). Read permission is never revealed (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/authorizationstatus(for:)).
  public func authorizationStatus(for type: HKObjectType) -> HKAuthorizationStatus {
    if type is HKCharacteristicType || type is HKActivitySummaryType { return .sharingDenied }
    return switch simulation.state.withLock({ $0.authorization.shareGranted(type.identifier) }) {
    case nil: .notDetermined
    case true?: .sharingAuthorized
    case false?: .sharingDenied
    }
  }

  /// Asks to share and read types. When a type has no answer yet the sheet shows (a log entry
  /// `authorizationSheet` with the new types) and the scenario's `authorization` answers it
  /// (granted without answers); the completion gets `(true, nil)` in the callback lane: `true`
  /// says the sheet was handled, not that anything was granted (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/requestauthorization(toshare:read:completion:)).
  ///
  /// Without `NSHealthUpdateUsageDescription` (share types asked) or
  /// `NSHealthShareUsageDescription` (read types asked) in the app's Info.plist the app is
  /// terminated with HealthKit's message and the completion is never called
  /// (`HealthKitSimulation.AppTermination`): as on a device, where the app ends there, the
  /// run ends at once (the body's task is cancelled and `run` throws the termination once the
  /// body has ended: docs/swift-api.md#nothing-silent). So is an app that asks for nothing
  /// (both sets empty or `nil`: HealthKit's "Must request authorization for at least one data
  /// type") or for a type no app may share or ask to read here (`validationRefusal(share:read:)`).
  public func requestAuthorization(
    toShare typesToShare: Set<HKSampleType>?, read typesToRead: Set<HKObjectType>?,
    completion: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    // The completion is never called after a termination: the run ends (nothing can throw
    // it to the app, and on a device the app is gone).
    guard
      validate(
        share: typesToShare ?? [], read: typesToRead ?? [], call: .requestAuthorization,
        endsRun: true) == nil
    else { return }
    simulation.enqueue { completion(true, nil) }
  }

  /// Asks to share and read types (the async form), as the completion form; returns once the
  /// sheet was answered (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/requestauthorization(toshare:read:)).
  ///
  /// - Throws: `HealthKitSimulation.AppTermination` when both sets are empty ("Must request
  ///   authorization for at least one data type"), the Info.plist lacks the usage
  ///   description the request needs, a share type is one no app may share
  ///   (`shareDisallowed(_:)`) or a read type one no app may ask to read here
  ///   (`readDisallowed(_:)`: correlation and per-object types)
  ///   (docs/swift-api.md#authorization; HealthKit terminates the app), or when the app was
  ///   terminated before.
  nonisolated(nonsending) public func requestAuthorization(
    toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
  ) async throws {
    if let termination = validate(
      share: typesToShare, read: typesToRead, call: .requestAuthorization, endsRun: false)
    {
      throw termination
    }
    await simulation.deliver()
  }

  /// Whether asking would show the sheet: `shouldRequest` while a type has no answer for the
  /// direction it is asked in, else `unnecessary` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/getrequeststatusforauthorization(toshare:read:completion:)).
  ///
  /// HealthKit validates the sets as `requestAuthorization(toShare:read:)` does before it asks
  /// its daemon (both call `_validateAuthorizationRequestWithShareTypes:readTypes:`, decompiled
  /// iOS 26.1 HealthKit: repository EthanArbuckle/iPhone18-3_26.1_23B85_Restore, file
  /// System/Library/Frameworks/HealthKit.framework/HealthKit/HKHealthStoreImplementation.mm),
  /// so both sets empty, a type no app may share (`shareDisallowed(_:)`) or one no app may ask
  /// to read here (`readDisallowed(_:)`) terminates the app with HealthKit's message
  /// (`HealthKitSimulation.AppTermination`) and the completion is never called: the run ends at
  /// once, as for `requestAuthorization(toShare:read:completion:)`
  /// (docs/swift-api.md#authorization). The Info.plist's usage descriptions are not checked
  /// here (HealthKit checks them only when asking).
  public func getRequestStatusForAuthorization(
    toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>,
    completion: @escaping @Sendable (HKAuthorizationRequestStatus, (any Error)?) -> Void
  ) {
    guard
      validate(
        share: typesToShare, read: typesToRead, call: .getRequestStatusForAuthorization,
        endsRun: true) == nil
    else { return }
    let status = requestStatus(share: typesToShare, read: typesToRead)
    simulation.enqueue { completion(status, nil) }
  }

  /// The async form of `getRequestStatusForAuthorization(toShare:read:completion:)` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkhealthstore/getrequeststatusforauthorization(toshare:read:completion:)),
  /// with its validation.
  ///
  /// - Returns: `shouldRequest` while a type has no answer yet, else `unnecessary`.
  /// - Throws: `HealthKitSimulation.AppTermination` when both sets are empty, a share type is
  ///   one no app may share or a read type one no app may ask to read here (HealthKit
  ///   terminates the app: docs/swift-api.md#authorization), or when the app was terminated
  ///   before; never an ``HKError`` in the simulation (HealthKit throws one when its daemon
  ///   fails).
  @discardableResult
  nonisolated(nonsending) public func statusForAuthorizationRequest(
    toShare typesToShare: Set<HKSampleType>, read typesToRead: Set<HKObjectType>
  ) async throws -> HKAuthorizationRequestStatus {
    if let termination = validate(
      share: typesToShare, read: typesToRead, call: .getRequestStatusForAuthorization,
      endsRun: false)
    {
      throw termination
    }
    let status = requestStatus(share: typesToShare, read: typesToRead)
    await simulation.deliver()
    return status
  }

  /// The authorization call that validates its sets: the report's `call` and the run result's
  /// `action` of its termination.
  private enum AuthorizationCall {
    case requestAuthorization, getRequestStatusForAuthorization

    var report: String {
      switch self {
      case .requestAuthorization: "requestAuthorization(toShare:read:)"
      case .getRequestStatusForAuthorization: "getRequestStatusForAuthorization(toShare:read:)"
      }
    }

    var error: ErrorReport.Call {
      switch self {
      case .requestAuthorization: .requestAuthorization
      case .getRequestStatusForAuthorization: .getRequestStatusForAuthorization
      }
    }
  }

  /// HealthKit's validation of an authorization request's sets, the one home of the rules both
  /// `requestAuthorization(toShare:read:)` and `getRequestStatusForAuthorization(toShare:read:)`
  /// apply (`_validateAuthorizationRequestWithShareTypes:readTypes:`, decompiled iOS 26.1
  /// HealthKit: repository EthanArbuckle/iPhone18-3_26.1_23B85_Restore, file
  /// System/Library/Frameworks/HealthKit.framework/HealthKit/HKHealthStoreImplementation.mm), in
  /// its order: the exception's reason and what to write instead, or `nil` when the sets pass.
  ///
  /// - Both sets empty (or `nil`): "Must request authorization for at least one data type".
  /// - A type no app may share: ``shareDisallowed(_:)``.
  /// - A type no app may ask to read here: ``readDisallowed(_:)``.
  static func validationRefusal(share: Set<HKSampleType>, read: Set<HKObjectType>)
    -> (reason: String, advice: String?)?
  {
    if share.isEmpty && read.isEmpty {
      return (
        "Must request authorization for at least one data type",
        "pass at least one type in toShare or read, or skip the call when the app has no "
          + "type to ask for"
      )
    }
    // Types no app may share (`shareDisallowed`): HealthKit raises NSInvalidArgumentException
    // with this text.
    let unshareable = share.filter { Self.shareDisallowed($0) }
    if !unshareable.isEmpty {
      let names = unshareable.map(\.identifier).sorted().joined(separator: ", ")
      return (
        "Authorization to share the following types is disallowed: \(names)",
        Self.disallowedAdvice(unshareable.map { $0 as HKObjectType }, from: "toShare")
      )
    }
    // Types no app may ask to read here (`readDisallowed`): the same exception, for reading.
    var unreadable: [String: HKObjectType] = [:]
    for type in read where Self.readDisallowed(type) { unreadable[type.identifier] = type }
    if !unreadable.isEmpty {
      let names = unreadable.keys.sorted().joined(separator: ", ")
      return (
        "Authorization to read the following types is disallowed: \(names)",
        Self.disallowedAdvice(Array(unreadable.values), from: "read")
      )
    }
    return nil
  }

  /// What to write instead of asking for the disallowed `types` in the set `set` (`"toShare"`
  /// or `"read"`), the report's advice after HealthKit's message (project rule: every refusal
  /// says what to write instead, docs/swift-api.md#authorization): remove them from the set
  /// (identifiers sorted), then per kind of type present, in this order:
  ///
  /// - a correlation type: ask for the quantity types it holds (blood pressure's systolic and
  ///   diastolic, food's dietary types); to share, save the correlation made of them;
  /// - a per-object type (in `read`): `requestPerObjectReadAuthorization(for:predicate:)`;
  /// - any other type (in `toShare`; apps may only read it): ask for it in `read`.
  static func disallowedAdvice(_ types: [HKObjectType], from set: String) -> String {
    let names = types.map(\.identifier).sorted().joined(separator: ", ")
    var advice = "remove \(names) from \(set)"
    if types.contains(where: { $0 is HKCorrelationType }) {
      advice +=
        "; for a correlation ask for the quantity types it holds instead "
        + "(HKQuantityTypeIdentifierBloodPressureSystolic and "
        + "HKQuantityTypeIdentifierBloodPressureDiastolic for blood pressure, the dietary types "
        + "for food)" + (set == "toShare" ? " and save the correlation made of them" : "")
    }
    if set == "read", types.contains(where: { $0.requiresPerObjectAuthorization() }) {
      advice +=
        "; ask to read a per-object type with requestPerObjectReadAuthorization(for:predicate:)"
    }
    if set == "toShare", types.contains(where: { !($0 is HKCorrelationType) }) {
      let others = types.contains { $0 is HKCorrelationType } ? "the other types" : "these types"
      advice += "; apps may only read \(others): ask for them in read"
    }
    return advice
  }

  /// Validates the sets (``validationRefusal(share:read:)``) and, for `requestAuthorization`,
  /// the Info.plist's usage descriptions, then shows and answers the sheet; or terminates the
  /// app. Returns the termination (new or earlier), `nil` when the call went through.
  ///
  /// `endsRun`: a new termination ends the run (the completion-handler forms, which cannot
  /// throw it; `HealthKitSimulation.reportTermination(_:call:advice:endsRun:)`).
  private func validate(
    share: Set<HKSampleType>, read: Set<HKObjectType>, call: AuthorizationCall, endsRun: Bool
  ) -> HealthKitSimulation.AppTermination? {
    let shareTypes = share.map(\.identifier).sorted()
    let readTypes = Array(Set(read.map(\.identifier))).sorted()
    let simulation = self.simulation
    var terminatedNow = false
    var advice: String?
    let termination = simulation.mutate { state -> HealthKitSimulation.AppTermination? in
      if let terminated = state.terminated { return terminated }
      let keys = state.authorization.infoPlistKeys
      var refusal: String?
      if let validation = Self.validationRefusal(share: share, read: read) {
        refusal = validation.reason
        advice = validation.advice
      } else if call == .requestAuthorization, !shareTypes.isEmpty,
        !keys.contains(HealthKitSimulation.usageUpdateKey)
      {
        refusal = HealthKitSimulation.missingUsageMessage(
          key: HealthKitSimulation.usageUpdateKey, identifiers: shareTypes)
      } else if call == .requestAuthorization, !readTypes.isEmpty,
        !keys.contains(HealthKitSimulation.usageShareKey)
      {
        refusal = HealthKitSimulation.missingUsageMessage(
          key: HealthKitSimulation.usageShareKey, identifiers: readTypes)
      }
      if let refusal {
        let termination = HealthKitSimulation.AppTermination(message: refusal)
        terminatedNow = true
        state.terminated = termination
        state.healthListeners = []
        state.session.withEngine {
          $0.reportAPIError(
            WorkoutError.invalidArgument(termination.description), call: call.error,
            session: nil)
        }
        return termination
      }
      guard call == .requestAuthorization else { return nil }
      let new = state.authorization.unanswered(share: shareTypes, read: readTypes)
      if !new.share.isEmpty || !new.read.isEmpty {
        state.session.withEngine { $0.logAuthorizationSheet(share: new.share, read: new.read) }
        state.authorization.answer(share: new.share, read: new.read, at: state.session.now)
      }
      return nil
    }
    if let termination, terminatedNow {
      simulation.reportTermination(
        termination, call: call.report, advice: advice, endsRun: endsRun)
    }
    return termination
  }

  /// Whether HealthKit refuses to let any app share `type`, raising NSInvalidArgumentException
  /// "Authorization to share the following types is disallowed: ..." from
  /// `requestAuthorization(toShare:read:)`. The one home of this rule:
  ///
  /// - Clinical records are read-only (Apple doc:
  ///   https://developer.apple.com/documentation/healthkit/hkclinicaltypeidentifier).
  /// - Medication dose events are read-only (Apple DTS,
  ///   https://developer.apple.com/forums/thread/803954).
  /// - Correlation types (`bloodPressure`, `food`): an app asks to share the quantity types the
  ///   correlation holds instead ("you do not request permission to share and read correlation
  ///   types directly", Apple doc:
  ///   https://developer.apple.com/documentation/healthkit/hkcorrelationquery; the exception as
  ///   apps meet it: https://github.com/Cap-go/capacitor-health/issues/81).
  /// - Types only Apple's own software computes: ``appleComputedTypes``.
  /// - Electrocardiograms: "Electrocardiogram samples are read-only. You can request permission
  ///   to read the samples using this identifier, but you can't request authorization to share
  ///   them" (Apple doc: https://developer.apple.com/documentation/healthkit/hkelectrocardiogramtype;
  ///   the exception's text is HealthKit's for the other read-only types).
  static func shareDisallowed(_ type: HKObjectType) -> Bool {
    type is HKCorrelationType || type is HKElectrocardiogramType
      || HKClinicalTypeIdentifier.all.contains(type.identifier)
      || type.identifier == HKMedicationDoseEventTypeIdentifierMedicationDoseEvent
      || appleComputedTypes.contains(type.identifier)
  }

  /// Whether HealthKit refuses to let an app ask to read `type` with
  /// `requestAuthorization(toShare:read:)`, raising NSInvalidArgumentException "Authorization
  /// to read the following types is disallowed: ..." (the rule for reading, beside
  /// ``shareDisallowed(_:)`` for sharing):
  ///
  /// - Per-object types (vision prescriptions) are read with
  ///   `requestPerObjectReadAuthorization(for:predicate:)` (the exception as apps report it,
  ///   https://developer.apple.com/documentation/healthkit/hkobjecttype/requiresperobjectauthorization()).
  /// - Correlation types (`bloodPressure`, `food`): an app asks to read the quantity types the
  ///   correlation holds ("you do not request permission to share and read correlation types
  ///   directly", Apple doc: https://developer.apple.com/documentation/healthkit/hkcorrelationquery;
  ///   the exception, "Authorization to read the following types is disallowed:
  ///   HKCorrelationTypeIdentifierBloodPressure", as an app met it:
  ///   https://github.com/Cap-go/capacitor-health/issues/38). A correlation query then reads with
  ///   its objects' read authorization (``HKCorrelationQuery``).
  static func readDisallowed(_ type: HKObjectType) -> Bool {
    type is HKCorrelationType || type.requiresPerObjectAuthorization()
  }

  /// The identifiers of the sample types Apple's own software computes, which apps read but may
  /// not share (so never save):
  ///
  /// - `appleExerciseTime` (the exception as apps meet it, naming this type:
  ///   https://github.com/carp-dk/flutter-plugins/issues/466).
  /// - `appleStandTime`, `appleWalkingSteadiness`, `atrialFibrillationBurden`,
  ///   `walkingHeartRateAverage` and the categories `appleStandHour`, `highHeartRateEvent`,
  ///   `lowHeartRateEvent`, `headphoneAudioExposureEvent`, `hypertensionEvent` (the read-only
  ///   lists of react-native-healthkit's generated type file, a library apps use to ask for
  ///   these types: https://github.com/kingstinct/react-native-healthkit, file
  ///   packages/react-native-healthkit/src/generated/healthkit.generated.ts).
  /// - `appleSleepingWristTemperature` (the exception, seen on a device:
  ///   https://github.com/ryanbr/noop/pull/1371; that library's list has it writable, the
  ///   device report wins).
  /// - `appleWalkingSteadinessEvent` ("you can't request authorization to share them", Apple doc:
  ///   https://developer.apple.com/documentation/healthkit/hkcategorytypeidentifier/applewalkingsteadinessevent).
  ///
  /// Project rule (docs/swift-api.md#authorization): a type without such a source stays
  /// shareable (`appleMoveTime`, `heartRateRecoveryOneMinute`, `workoutEffortScore`, ...).
  static let appleComputedTypes: Set<String> = Set(
    [
      HKQuantityTypeIdentifier.appleExerciseTime, .appleStandTime, .appleWalkingSteadiness,
      .atrialFibrillationBurden, .walkingHeartRateAverage, .appleSleepingWristTemperature,
    ].map(\.rawValue)
      + [
        HKCategoryTypeIdentifier.appleStandHour, .highHeartRateEvent, .lowHeartRateEvent,
        .headphoneAudioExposureEvent, .hypertensionEvent, .appleWalkingSteadinessEvent,
      ].map(\.rawValue))

  private func requestStatus(share: Set<HKSampleType>, read: Set<HKObjectType>)
    -> HKAuthorizationRequestStatus
  {
    simulation.state.withLock { state in
      let new = state.authorization.unanswered(
        share: share.map(\.identifier), read: read.map(\.identifier))
      return new.share.isEmpty && new.read.isEmpty ? .unnecessary : .shouldRequest
    }
  }
}
